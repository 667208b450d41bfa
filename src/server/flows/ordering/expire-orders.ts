import type { FastifyBaseLogger } from 'fastify';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { startRepeatingSweep } from '../../lib/repeating-sweep.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import { forgetCheckoutKeys } from '../../modules/cart/repository.ts';
import { expireHeldOrders } from '../steps/expire-held-orders.ts';
import type { PaymentDeps } from '../steps/payment-deps.ts';

/** How long a checkout's Idempotency-Key answers with its order: retries come within minutes. */
const CHECKOUT_KEY_HOURS = 24;

/**
 * Sweeps once at start, then every `intervalMs`, so an order expires at most that long after
 * its hold ends. `stop` waits for a sweep in progress, so the database can close after it.
 */
export function startOrderExpiry({
  db,
  cache,
  log,
  intervalMs,
  events,
  payments,
}: {
  db: Db;
  cache: ReadCache;
  log: FastifyBaseLogger;
  intervalMs: number;
  events: ShopEvents;
  payments: PaymentDeps;
}) {
  const { stop } = startRepeatingSweep({
    intervalMs,
    log,
    // The database may be away for a while; the next sweep tries again.
    failed: 'expiring unpaid orders failed',
    sweep: async () => {
      await forgetCheckoutKeys(db, CHECKOUT_KEY_HOURS);
      const expired = await expireHeldOrders(db, cache, payments);
      events.count('holdExpired', expired);
      if (expired > 0) log.info({ expired }, 'unpaid orders expired: their stock went back');
    },
  });
  return { stop };
}
