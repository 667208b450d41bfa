import type { FastifyBaseLogger } from 'fastify';
import { minimumMessage } from '../../../contract/order-rules.ts';
import type { AllOrdersQuery, Order, OrderInput, OrderLine } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { recordAudit } from '../../audit/record.ts';
import { pageOf } from '../../lib/paging.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { CurrentUser } from '../../auth/guards.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { retryTransaction } from '../../db/retry-transaction.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import { releasePayment, type PaymentDeps } from '../payments/service.ts';
import { accountActor } from '../stock/ledger.ts';
import { orderShippedMail } from './mails.ts';
import { paidOrderUndeletable, paymentUnderWay } from './refusals.ts';
import {
  deleteOrderReturningStock,
  findOrder,
  linesOfOrders,
  listAllOrders,
  listOrdersOf,
  lockCustomerOrders,
  markShippedAudited,
  type OrderLimits,
  type OrderLineRow,
  type OrderRow,
} from './repository.ts';
import { reserveOrder } from './reserve.ts';

const lineOut = (line: OrderLineRow): OrderLine => ({
  productId: line.productId,
  sku: line.sku,
  name: line.productName,
  quantity: line.quantity,
  unitPrice: centsToDollars(line.unitPriceCents),
  lineTotal: centsToDollars(line.lineTotalCents),
});

export function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    _id: row.id,
    number: row.number,
    productId: row.productId,
    name: row.productName,
    price: row.unitPriceCents === null ? null : centsToDollars(row.unitPriceCents),
    quantity: row.quantity,
    totalPrice: centsToDollars(row.totalCents),
    lines: lines.map(lineOut),
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

/** Orders as the API shows them, their lines read in one query. */
export async function presentOrders(db: Db, rows: OrderRow[]) {
  const lines = await linesOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? []));
}

export const presentOrder = async (db: Db, row: OrderRow) => (await presentOrders(db, [row]))[0]!;

/** "20 × Chain whip" for one line; the order's own name ("3 parts: …") for several. */
export const describeOrder = (
  row: Pick<OrderRow, 'unitPriceCents' | 'quantity' | 'productName'>,
) => (row.unitPriceCents === null ? row.productName : `${row.quantity} × ${row.productName}`);

type PlaceDeps = { db: Db; cache: ReadCache; limits: OrderLimits; events: ShopEvents };

/** The spec's purchase page: one product, one line, priced by its ladder. */
export async function placeOrder(
  { db, cache, limits, events }: PlaceDeps,
  user: CurrentUser,
  input: OrderInput,
) {
  if (input.email !== user.email) {
    throw new AppError('forbidden', 'You can only place orders for your own account.');
  }
  if (!isUuid(input.productId)) throw notFound('Product');
  const wanted = [{ productId: input.productId, quantity: input.quantity }];
  // The stock shown in the catalogue changes.
  const result = await cache.write('product', () =>
    retryTransaction(() =>
      db.transaction(async (tx) => {
        await lockCustomerOrders(tx as unknown as Db, user.id);
        return reserveOrder(tx as unknown as Db, user, wanted, limits);
      }),
    ),
  );
  if (result.placed) {
    events.count('orderPlaced');
    return toOrder(result.row, result.lines);
  }
  const [problem] = result.problems;
  if (!problem || problem.kind === 'gone') throw notFound('Product');
  if (problem.kind === 'short') throw new AppError('conflict', problem.message);
  const said =
    problem.kind === 'under' && problem.moq ? minimumMessage(problem.moq) : problem.message;
  throw new AppError('bad_request', said);
}

/** The account's own orders, newest first. */
export async function ordersOf(db: Db, userId: string) {
  return presentOrders(db, await listOrdersOf(db, userId));
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
            summary: `Deleted the ${removed.status} order #${removed.number} of ${removed.email}: ${describeOrder(removed)}, ${formatDollars(centsToDollars(removed.totalCents))}`,
          });
  for (let attempt = 0; attempt < DELETE_ATTEMPTS; attempt++) {
    if (row.status === 'paid' || row.status === 'shipped') throw paidOrderUndeletable();
    await releasePayment(deps, row);
    const intentId = row.paymentIntentId;
    const deleted = await cache.write('product', () =>
      deleteOrderReturningStock(db, row.id, intentId, audit, accountActor(user)),
    );
    if (deleted) return deleted;
    // Paid, or a new payment started, between our look and the delete: look again.
    const now = await findOrder(db, row.id);
    if (!now) throw notFound('Order');
    row = now;
  }
  throw paymentUnderWay();
}

export async function browseAllOrders(db: Db, { status, q, page, limit }: AllOrdersQuery) {
  const offset = (page - 1) * limit;
  const { rows, total } = await listAllOrders(db, { status, q: q || undefined, limit, offset });
  return pageOf(await presentOrders(db, rows), total, page, limit);
}

type ShipDeps = { db: Db; mailer: Mailer; log: Pick<FastifyBaseLogger, 'error'> };

/**
 * Marks a paid order shipped and mails its buyer, once: marking it again answers the shipped
 * order and mails nobody.
 */
export async function shipOrder({ db, mailer, log }: ShipDeps, admin: CurrentUser, id: string) {
  const row = isUuid(id) ? await findOrder(db, id) : undefined;
  if (!row) throw notFound('Order');
  if (row.status === 'shipped') return presentOrder(db, row);
  if (row.status !== 'paid') throw new AppError('conflict', 'Only a paid order can be shipped.');
  const shipped = await markShippedAudited(db, id, (tx, marked) =>
    recordAudit(tx, admin, {
      action: 'order.ship',
      targetType: 'order',
      targetId: marked.id,
      summary: `Shipped order #${marked.number}, ${describeOrder(marked)}, to ${marked.email}`,
    }),
  );
  const order = await presentOrder(db, shipped ?? (await findOrder(db, id))!);
  if (shipped) {
    // The order is shipped whether or not the mail goes out; the log says when it did not.
    mailer.send(orderShippedMail(order)).catch((err: unknown) => {
      log.error({ err, orderId: order._id }, 'shipped mail failed');
    });
  }
  return order;
}
