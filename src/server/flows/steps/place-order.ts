import { minimumMessage } from '../../../contract/order-rules.ts';
import type { OrderInput } from '../../../contract/orders.ts';
import type { CurrentUser } from '../../auth/guards.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { retryTransaction } from '../../db/retry-transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import { findDefaultAddress } from '../../modules/addresses/repository.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import { toOrder } from '../../modules/orders/present.ts';
import { lockCustomerOrders, type OrderLimits } from '../../modules/orders/repository.ts';
import { settleOnAccount } from './settle-on-account.ts';
import { memberPricing } from './member-pricing.ts';
import { orderAddresses, priceOrderDelivery } from './price-delivery.ts';
import { reserveOrder } from './reserve-order.ts';

export type PlaceDeps = { db: Db; cache: ReadCache; limits: OrderLimits; events: ShopEvents };

/**
 * The spec's purchase page: one product, one line, priced by its ladder. It ships to the
 * account's default shipping address by the cheapest method offered for it; without either,
 * the order waits for one (PUT /orders/{id}/shipping) and cannot be paid before.
 */
export async function placeOrder(
  { db, cache, limits, events }: PlaceDeps,
  user: CurrentUser,
  input: OrderInput,
) {
  if (!isUuid(input.productId)) throw notFound('Product');
  const wanted = [{ productId: input.productId, quantity: input.quantity }];
  // The stock shown in the catalogue changes.
  const result = await cache.write('product', () =>
    retryTransaction(() =>
      db.transaction(async (tx) => {
        await lockCustomerOrders(tx, user.id);
        const shipTo = await findDefaultAddress(tx, user.id, 'shipping');
        const addresses = shipTo && (await orderAddresses(tx, user.id, shipTo));
        const membership = (await findMembership(tx, user.id)) ?? null;
        const pricing = await memberPricing(tx, user.id, [input.productId], membership);
        const reserved = await reserveOrder(
          tx,
          { ...user, companyId: membership?.companyId ?? null },
          wanted,
          limits,
          addresses &&
            ((goods) =>
              priceOrderDelivery(
                tx,
                user.id,
                goods,
                { ...addresses, company: membership ?? undefined },
                cache,
              )),
          pricing,
        );
        // A buyer's order over their spending limit waits for approval, as a checkout's does.
        if (!reserved.placed) return reserved;
        return settleOnAccount(tx, reserved, membership, undefined, user);
      }),
    ),
  );
  if (result.placed) {
    events.count('orderPlaced');
    return toOrder(result.row, result.lines, result.extras);
  }
  const [problem] = result.problems;
  if (!problem || problem.kind === 'gone') throw notFound('Product');
  if (problem.kind === 'short') throw new AppError('conflict', problem.message);
  const said =
    problem.kind === 'under' && problem.moq ? minimumMessage(problem.moq) : problem.message;
  throw new AppError('bad_request', said);
}
