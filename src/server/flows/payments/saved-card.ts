import type { CurrentUser } from '../../auth/current-user.ts';
import type { PaymentDeps } from '../steps/payment-deps.ts';
import { keepCard, ownSavedCard } from '../../modules/payments/saved-cards.ts';
import { startPayment } from './pay-order.ts';

/**
 * Pays an order in one click with a kept card. The card is looked up as the caller's own
 * first (404 for anyone else's, before the provider hears of it); then the order's intent, the
 * same one its card form would confirm, is confirmed with it. The buyer reports the payment as
 * after any card form (PATCH /order/{id}); 3-D Secure, when the bank asks, comes first.
 */
export async function payWithSavedCard(
  { db, provider }: Pick<PaymentDeps, 'db' | 'provider'>,
  user: CurrentUser,
  { orderId, cardId }: { orderId: string; cardId: string },
) {
  const card = await ownSavedCard(db, user.id, provider.kind, cardId);
  const intent = await startPayment({ db, provider }, orderId);
  const status = await provider.confirmWithCard({
    intentId: intent.id,
    methodRef: card.methodRef,
    customerRef: card.customerRef,
  });
  return { status, paymentIntentId: intent.id, clientSecret: intent.clientSecret };
}

/**
 * After a payment is recorded: keeps its card for the buyer when they asked to (the provider
 * says whether the card was confirmed to be kept). The payment stands whatever happens here.
 */
export async function keepCardOfPayment(
  { db, provider, log }: Pick<PaymentDeps, 'db' | 'provider' | 'log'>,
  user: CurrentUser,
  paymentIntentId: string,
) {
  try {
    const card = await provider.keptCard(paymentIntentId);
    if (card) await keepCard(db, provider, user, card);
  } catch (err) {
    log.warn({ err, paymentIntentId }, 'the card of a payment could not be kept');
  }
}
