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
import {
  deleteUnpaidOrderReturningStock,
  findOrder,
  findProductForOrder,
  insertOrderReservingStock,
  listAllOrders,
  listOrdersOf,
  markShippedAudited,
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
    paid: row.paid,
    shipped: row.shippedAt !== null,
    ...(row.transactionId ? { transactionId: row.transactionId } : {}),
    ...(row.amountTotalCents !== null ? { amountTotal: centsToDollars(row.amountTotalCents) } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.paidAt ? { paidAt: row.paidAt.toISOString() } : {}),
    ...(row.shippedAt ? { shippedAt: row.shippedAt.toISOString() } : {}),
  };
}

export async function placeOrder(db: Db, cache: ReadCache, user: CurrentUser, input: OrderInput) {
  if (input.email !== user.email) {
    throw new AppError('forbidden', 'You can only place orders for your own account.');
  }
  if (!isUuid(input.productId)) throw notFound('Product');
  // The stock shown in the catalogue changes.
  const row = await cache.write('product', () =>
    insertOrderReservingStock(db, {
      productId: input.productId,
      quantity: input.quantity,
      userId: user.id,
      email: user.email,
      userName: user.name,
    }),
  );
  if (row) return row;
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

export async function deleteOrder(db: Db, cache: ReadCache, user: CurrentUser, id: string) {
  const row = await orderFor(db, user, id);
  if (row.paid) throw new AppError('conflict', 'A paid order cannot be deleted.');
  // An admin removing a customer's order leaves a line in the audit trail.
  const audit =
    row.userId === user.id
      ? undefined
      : (tx: Db, removed: OrderRow) =>
          recordAudit(tx, user, {
            action: 'order.delete',
            targetType: 'order',
            targetId: removed.id,
            summary: `Deleted the unpaid order of ${removed.email}: ${removed.quantity} × ${removed.productName}, ${formatDollars(centsToDollars(removed.totalCents))}`,
          });
  const deleted = await cache.write('product', () =>
    deleteUnpaidOrderReturningStock(db, row.id, audit),
  );
  // Paid between our read and the delete: the delete did nothing.
  if (!deleted) throw new AppError('conflict', 'A paid order cannot be deleted.');
  return deleted;
}

export async function browseAllOrders(db: Db, { status, page, limit }: AllOrdersQuery) {
  const { rows, total } = await listAllOrders(db, { status, limit, offset: (page - 1) * limit });
  return pageOf(rows.map(toOrder), total, page, limit);
}

export async function shipOrder(db: Db, admin: CurrentUser, id: string) {
  const row = isUuid(id) ? await findOrder(db, id) : undefined;
  if (!row) throw notFound('Order');
  if (!row.paid) throw new AppError('conflict', 'Only a paid order can be shipped.');
  if (row.shippedAt) return toOrder(row);
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
