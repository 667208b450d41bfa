import type { AllOrdersQuery, Order, OrderInput } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { MAX_ORDER_TOTAL_CENTS } from '../../../contract/order-rules.ts';
import { recordAudit } from '../../audit/record.ts';
import { pageOf } from '../../lib/paging.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { CurrentUser } from '../../auth/guards.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import { releasePayment, type PaymentDeps } from '../payments/service.ts';
import { paidOrderUndeletable, paymentUnderWay, tooManyUnpaid } from './refusals.ts';
import {
  deleteOrderReturningStock,
  findOrder,
  findProductForOrder,
  insertOrderReservingStock,
  listAllOrders,
  listOrdersOf,
  markShippedAudited,
  type OrderLimits,
  type OrderRow,
} from './repository.ts';

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.productId,
    name: row.productName,
    price: centsToDollars(row.unitPriceCents),
    quantity: row.quantity,
    totalPrice: centsToDollars(row.totalCents),
    email: row.email,
    userName: row.userName,
    paid: row.status === 'paid' || row.status === 'shipped',
    shipped: row.status === 'shipped',
    status: row.status,
    ...(row.transactionId ? { transactionId: row.transactionId } : {}),
    ...(row.amountTotalCents !== null ? { amountTotal: centsToDollars(row.amountTotalCents) } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.paidAt ? { paidAt: row.paidAt.toISOString() } : {}),
    ...(row.shippedAt ? { shippedAt: row.shippedAt.toISOString() } : {}),
    ...(row.status === 'unpaid' ? { expiresAt: row.holdUntil.toISOString() } : {}),
  };
}

export async function placeOrder(
  {
    db,
    cache,
    limits,
    events,
  }: { db: Db; cache: ReadCache; limits: OrderLimits; events: ShopEvents },
  user: CurrentUser,
  input: OrderInput,
) {
  if (input.email !== user.email) {
    throw new AppError('forbidden', 'You can only place orders for your own account.');
  }
  if (!isUuid(input.productId)) throw notFound('Product');
  // The stock shown in the catalogue changes.
  const result = await cache.write('product', () =>
    insertOrderReservingStock(
      db,
      {
        productId: input.productId,
        quantity: input.quantity,
        userId: user.id,
        email: user.email,
        userName: user.name,
      },
      limits,
    ),
  );
  if (result.placed) {
    events.count('orderPlaced');
    return result.row;
  }
  if (result.why === 'unpaid_cap') throw tooManyUnpaid(limits.maxUnpaid);
  const product = await findProductForOrder(db, input.productId);
  if (!product) throw notFound('Product');
  if (product.priceCents * input.quantity > MAX_ORDER_TOTAL_CENTS) {
    const most = formatDollars(centsToDollars(MAX_ORDER_TOTAL_CENTS));
    throw new AppError('bad_request', `An order can total at most ${most}. Please order fewer.`);
  }
  throw new AppError('conflict', `Only ${product.stock} in stock`);
}

export async function ordersOf(db: Db, email: string) {
  return (await listOrdersOf(db, email)).map(toOrder);
}

/** The order, if the user owns it or is an admin; 404 for unknown ids, 403 for others'. */
export async function orderFor(db: Db, user: CurrentUser, id: string) {
  const row = isUuid(id) ? await findOrder(db, id) : undefined;
  if (!row) throw notFound('Order');
  if (row.userId !== user.id && user.role !== 'admin') {
    throw new AppError('forbidden', 'This order belongs to another customer.');
  }
  return row;
}

/** How often a delete looks again when the order's payment changed under it. */
const DELETE_ATTEMPTS = 3;

/**
 * Deletes an unpaid or expired order (its owner or an admin); an unpaid one's stock goes back.
 * A payment that was started is cancelled with the provider first, so the card can never be
 * charged for an order that is gone; one that cannot be cancelled any more refuses the delete.
 */
export async function deleteOrder(
  deps: PaymentDeps & { cache: ReadCache },
  user: CurrentUser,
  id: string,
) {
  const { db, cache } = deps;
  let row = await orderFor(db, user, id);
  // An admin removing a customer's order leaves a line in the audit trail.
  const audit =
    row.userId === user.id
      ? undefined
      : (tx: Db, removed: OrderRow) =>
          recordAudit(tx, user, {
            action: 'order.delete',
            targetType: 'order',
            targetId: removed.id,
            summary: `Deleted the ${removed.status} order of ${removed.email}: ${removed.quantity} × ${removed.productName}, ${formatDollars(centsToDollars(removed.totalCents))}`,
          });
  for (let attempt = 0; attempt < DELETE_ATTEMPTS; attempt++) {
    if (row.status === 'paid' || row.status === 'shipped') throw paidOrderUndeletable();
    await releasePayment(deps, row);
    const intentId = row.paymentIntentId;
    const deleted = await cache.write('product', () =>
      deleteOrderReturningStock(db, row.id, intentId, audit),
    );
    if (deleted) return deleted;
    // Paid, or a new payment started, between our look and the delete: look again.
    const now = await findOrder(db, row.id);
    if (!now) throw notFound('Order');
    row = now;
  }
  throw paymentUnderWay();
}

export async function browseAllOrders(db: Db, { status, page, limit }: AllOrdersQuery) {
  const { rows, total } = await listAllOrders(db, { status, limit, offset: (page - 1) * limit });
  return pageOf(rows.map(toOrder), total, page, limit);
}

export async function shipOrder(db: Db, admin: CurrentUser, id: string) {
  const row = isUuid(id) ? await findOrder(db, id) : undefined;
  if (!row) throw notFound('Order');
  if (row.status === 'shipped') return toOrder(row);
  if (row.status !== 'paid') throw new AppError('conflict', 'Only a paid order can be shipped.');
  const shipped = await markShippedAudited(db, id, (tx, marked) =>
    recordAudit(tx, admin, {
      action: 'order.ship',
      targetType: 'order',
      targetId: marked.id,
      summary: `Shipped ${marked.quantity} × ${marked.productName} to ${marked.email}`,
    }),
  );
  return toOrder(shipped ?? (await findOrder(db, id))!);
}
