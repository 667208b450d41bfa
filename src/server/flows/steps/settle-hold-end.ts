import { AppError } from '../../errors.ts';
import { endedHolds, extendHold } from '../../modules/orders/holds.ts';
import { findOrders } from '../../modules/orders/repository.ts';
import type { CancelOutcome } from '../../modules/payments/providers/provider.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { settle } from './settle-payment.ts';

/** How long an ended hold is kept when its payment can be neither cancelled nor recorded yet. */
const RECHECK_MINUTES = 5;

/** Looks for holds that ended meanwhile before the sweep expires them (see below). */
const SETTLE_ROUNDS = 3;

/** Payments settled with the provider at once: a backlog is not one request after another. */
const PARALLEL = 8;

/** The intent settled for each order, by order id: what `settleAfterExpiry` need not redo. */
export type SettledIntents = Map<string, string>;

/**
 * Runs before the sweep expires the next `limit` orders whose hold has ended: settles each
 * one's payment with the provider. An intent that has taken no money is cancelled, so it never
 * can; one that has is recorded and the order is paid, not expired (it still holds its stock).
 * Cancelling first is what makes a card confirmation racing the sweep end one way or the
 * other: the provider either cancels the intent (the card is then refused) or says it was
 * charged. A payment in flight, or a provider that cannot be reached, keeps the hold a few
 * minutes more, to be asked again then.
 */
export async function settleBeforeExpiry(deps: PaymentDeps, limit: number) {
  const settled: SettledIntents = new Map();
  const tried = new Set<string>();
  // Holds that end while the provider is asked are looked at too, a few rounds at most, so
  // that few are left for `settleAfterExpiry` (which can only refund what it finds charged).
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const due = (await endedHolds(deps.db, limit)).flatMap(({ id, paymentIntentId }) =>
      paymentIntentId && !tried.has(`${id}:${paymentIntentId}`)
        ? [{ orderId: id, intentId: paymentIntentId }]
        : [],
    );
    if (due.length === 0) break;
    await inParallel(due, async ({ orderId, intentId }) => {
      tried.add(`${orderId}:${intentId}`);
      if (await settleEndedHold(deps, orderId, intentId)) settled.set(orderId, intentId);
    });
  }
  return settled;
}

/** True when the intent can take no (more) money; false when the order must wait or be refunded. */
async function settleEndedHold(deps: PaymentDeps, orderId: string, intentId: string) {
  let outcome: CancelOutcome;
  try {
    outcome = await deps.provider.cancelIntent(intentId);
    if (outcome.status === 'succeeded' && !outcome.refunded) {
      await settle(deps, orderId, intentId, { atHoldEnd: true });
    }
  } catch (err) {
    // The payment cannot be recorded (not this order's, not its amount): the order expires and
    // `settleAfterExpiry` gives the money back.
    if (err instanceof AppError) {
      deps.log.error({ err, orderId, intentId }, 'payment of an ended hold not recorded');
      return false;
    }
    deps.log.warn({ err, orderId, intentId }, 'payment provider unreachable: hold kept');
    await extendHold(deps.db, orderId, intentId, RECHECK_MINUTES);
    return false;
  }
  if (outcome.status === 'canceled' || outcome.status === 'succeeded') return true;
  // Processing (a bank debit, say): it may still take the money, so the stock stays held.
  deps.log.warn({ orderId, intentId, status: outcome.status }, 'payment in flight: hold kept');
  await extendHold(deps.db, orderId, intentId, RECHECK_MINUTES);
  return false;
}

/**
 * Runs after the sweep expired these orders, for those whose payment `settleBeforeExpiry` did
 * not settle (a hold that ended while the sweep ran, or settling that failed): the intent is
 * cancelled now, or, if it took money, refunded at once with one audit line and a mail.
 */
export async function settleAfterExpiry(
  deps: PaymentDeps,
  expiredIds: string[],
  settled: SettledIntents,
) {
  const left = (await findOrders(deps.db, expiredIds)).flatMap(({ id, paymentIntentId }) =>
    paymentIntentId && settled.get(id) !== paymentIntentId
      ? [{ orderId: id, intentId: paymentIntentId }]
      : [],
  );
  await inParallel(left, async ({ orderId, intentId }) => {
    try {
      const outcome = await deps.provider.cancelIntent(intentId);
      if (outcome.status === 'succeeded' && !outcome.refunded) {
        await settle(deps, orderId, intentId, { atHoldEnd: true });
      } else if (outcome.status !== 'canceled' && outcome.status !== 'succeeded') {
        deps.log.warn(
          { orderId, intentId, status: outcome.status },
          'payment of an expired order in flight: settling it refunds it if it goes through',
        );
      }
    } catch (err) {
      deps.log.error({ err, orderId, intentId }, 'payment of an expired order not settled');
    }
  });
}

async function inParallel<T>(items: T[], run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += PARALLEL) {
    await Promise.all(items.slice(i, i + PARALLEL).map(run));
  }
}
