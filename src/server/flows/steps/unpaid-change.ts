import type { ReadCache } from '../../cache/read-cache.ts';
import type { AppError } from '../../errors.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import { orderExpired } from '../../modules/payments/refusals.ts';
import { expireHeldOrders } from './expire-held-orders.ts';
import type { PaymentDeps } from './payment-deps.ts';

/**
 * Before an unpaid order changes what it costs (its lines, where or how it ships): one whose
 * hold has ended is expired now, its stock back, and refused; a payment started for the old
 * total is cancelled with the provider first, so it can never take money for a total the order
 * no longer has. One that went through already is refused with `underWay` (that payment settles
 * the order as it was). The change's transaction then checks that no new payment started since.
 */
export async function stopPaymentOfUnpaid(
  deps: PaymentDeps & { cache: ReadCache },
  seen: OrderRow,
  underWay: () => AppError,
) {
  if (seen.status === 'unpaid' && seen.holdUntil.getTime() <= Date.now()) {
    // Ended before the sweep came: expired now, on this path too, its stock back.
    await expireHeldOrders(deps.db, deps.cache, deps);
    throw orderExpired();
  }
  if (seen.paymentIntentId) {
    const outcome = await deps.provider.cancelIntent(seen.paymentIntentId);
    if (outcome.status !== 'canceled') throw underWay();
  }
}
