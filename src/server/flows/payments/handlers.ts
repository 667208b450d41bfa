import { centsToDollars } from '../../../contract/money.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import { presentOrder } from '../../modules/orders/present.ts';
import type { PaymentProvider } from '../../modules/payments/providers/provider.ts';
import { recordPayment, startPayment } from './pay-order.ts';
import { keepCardOfPayment, payWithSavedCard } from './saved-card.ts';

type Deps = {
  db: Db;
  mailer: Mailer;
  provider: PaymentProvider;
  events: ShopEvents;
  approvalHoldHours: number;
};

export const paymentFlowHandlers = ({
  db,
  mailer,
  provider,
  events,
  approvalHoldHours,
}: Deps): Handlers<'createPaymentIntent' | 'recordPayment' | 'payWithSavedCard'> => ({
  createPaymentIntent: async ({ body }) => {
    const intent = await startPayment({ db, provider }, body.orderId);
    return {
      clientSecret: intent.clientSecret,
      provider: provider.kind,
      amountTotal: centsToDollars(intent.amountCents),
    };
  },
  recordPayment: async ({ user, params, body, request }) => {
    // The flow mails the customer: a receipt, or the refund of a payment it had to give back.
    const deps = { db, provider, mailer, log: request.log, events, approvalHoldHours };
    const paid = await recordPayment(deps, user, params.id, body.transactionId);
    if (body.keepCard) await keepCardOfPayment(deps, user, body.transactionId);
    return presentOrder(db, paid);
  },
  payWithSavedCard: async ({ user, body }) => {
    try {
      return await payWithSavedCard({ db, provider }, user, body);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'payment_failed') events.count('paymentFailed');
      throw err;
    }
  },
});
