import { centsToDollars } from '../../../contract/money.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { TestProvider } from '../../payments/test-provider.ts';
import { presentOrder } from '../orders/service.ts';
import { recordPayment, startPayment } from './service.ts';

type Deps = {
  db: Db;
  mailer: Mailer;
  provider: PaymentProvider | TestProvider;
  events: ShopEvents;
};

export const paymentHandlers = ({
  db,
  mailer,
  provider,
  events,
}: Deps): Handlers<'createPaymentIntent' | 'recordPayment'> => ({
  createPaymentIntent: async ({ user, body }) => {
    const intent = await startPayment({ db, provider }, user, body.orderId);
    return {
      clientSecret: intent.clientSecret,
      provider: provider.kind,
      amountTotal: centsToDollars(intent.amountCents),
    };
  },
  recordPayment: async ({ user, params, body, request }) => {
    // The service mails the customer: a receipt, or the refund of a payment it had to give back.
    const deps = { db, provider, mailer, log: request.log, events };
    return presentOrder(deps.db, await recordPayment(deps, user, params.id, body.transactionId));
  },
});

/** The built-in test processor's card form; registered only when it is the provider. */
export const testCardHandlers = (
  provider: TestProvider,
  events: ShopEvents,
): Handlers<'confirmTestCard'> => ({
  confirmTestCard: async ({ body }) => {
    try {
      return await provider.confirmTestCard(body);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'payment_failed') events.count('paymentFailed');
      throw err;
    }
  },
});
