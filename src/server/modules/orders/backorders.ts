import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { rawRows } from '../../db/raw-rows.ts';

// Backordered pieces of order lines (docs/decisions/0034-backorders.md). They are counted on the
// line (`backordered`), never from stock: a `received` movement turns them into `reserved`
// pieces, paid and on-account orders first, then unpaid ones still on hold, oldest first.

/** A line waiting for stock, as a receipt allocates to it. */
export type WaitingLine = {
  orderId: string;
  lineNo: number;
  number: number;
  email: string;
  userName: string;
  productName: string;
  quantity: number;
  backordered: number;
  paid: boolean;
  shipTogether: boolean;
};

/** Paid (or charged to account, which is paid) orders that have not shipped in full. */
const paidStates = ['paid', 'partially_shipped'] as const;
/** Unpaid orders, and those awaiting approval, whose hold has not ended. */
const heldStates = ['unpaid', 'awaiting_approval'] as const;

/**
 * The lines of a product that wait for stock, in the order a receipt serves them: paid orders
 * first, then unpaid ones still on hold; oldest first within each (then by number and line).
 * Their orders are locked; one locked by someone else right now (being paid, cancelled,
 * expired, shipped) is skipped for this receipt rather than waited on, since they lock the
 * order before its products and this runs with the product locked (a wait would deadlock).
 */
export async function lockWaitingLines(tx: Executor, productId: string): Promise<WaitingLine[]> {
  const result = await tx.execute(sql`
    select l.order_id, l.line_no, o.number, o.email, o.user_name, l.product_name, l.quantity,
      l.backordered, o.status in ('paid', 'partially_shipped') as paid, o.ship_together
    from ${orderLines} l
    join ${orders} o on o.id = l.order_id
    where l.product_id = ${productId} and l.backordered > 0
      and (o.status in ('paid', 'partially_shipped')
        or (o.status in ('unpaid', 'awaiting_approval') and o.hold_until > now()))
    order by (o.status in ('paid', 'partially_shipped')) desc, o.created_at, o.number, l.line_no
    for no key update of o skip locked`);
  return rawRows<{
    order_id: string;
    line_no: number;
    number: number | string;
    email: string;
    user_name: string;
    product_name: string;
    quantity: number;
    backordered: number;
    paid: boolean;
    ship_together: boolean;
  }>(result).map((r) => ({
    orderId: r.order_id,
    lineNo: Number(r.line_no),
    number: Number(r.number),
    email: r.email,
    userName: r.user_name,
    productName: r.product_name,
    quantity: Number(r.quantity),
    backordered: Number(r.backordered),
    paid: r.paid,
    shipTogether: r.ship_together,
  }));
}

/** `quantity` backordered pieces of each line become reserved ones, in one statement. */
export async function allocateToLines(
  tx: Executor,
  allocations: readonly { orderId: string; lineNo: number; quantity: number }[],
) {
  if (allocations.length === 0) return;
  const values = sql.join(
    allocations.map((a) => sql`(${a.orderId}::uuid, ${a.lineNo}::int, ${a.quantity}::int)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update ${orderLines} l
    set reserved = l.reserved + v.n, backordered = l.backordered - v.n
    from (values ${values}) as v(order_id, line_no, n)
    where l.order_id = v.order_id and l.line_no = v.line_no and l.backordered >= v.n
    returning l.order_id`);
  if (rawRows(result).length !== allocations.length) {
    throw new Error('backorders: a line changed under its order’s lock; nothing was allocated');
  }
}

/**
 * Ends the backorders of these orders: an unpaid order's backordered pieces lapse with its hold
 * (and go with a rejection or a cancellation). What was reserved stays on the line.
 */
export async function endBackorders(tx: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return;
  await tx
    .update(orderLines)
    .set({ backordered: 0 })
    .where(and(inArray(orderLines.orderId, [...orderIds]), gt(orderLines.backordered, 0)));
}

/**
 * Cancels `quantity` backordered pieces of one line (a partial cancel): they were never taken
 * from stock, so no stock moves. The caller holds the order's lock (lockOrder). A 400 names
 * how many can be cancelled when that is fewer.
 */
export async function cancelBackordered(
  tx: Executor,
  orderId: string,
  lineNo: number,
  quantity: number,
) {
  const [line] = await tx
    .update(orderLines)
    .set({ backordered: sql`${orderLines.backordered} - ${quantity}` })
    .where(
      and(
        eq(orderLines.orderId, orderId),
        eq(orderLines.lineNo, lineNo),
        sql`${orderLines.backordered} >= ${quantity}`,
      ),
    )
    .returning({ backordered: orderLines.backordered });
  if (line) return line.backordered;
  const [now] = await tx
    .select({ backordered: orderLines.backordered })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.lineNo, lineNo)))
    .orderBy(asc(orderLines.lineNo));
  throw new AppError(
    'bad_request',
    `Line ${lineNo}: ${now?.backordered ?? 0} on backorder can be cancelled, not ${quantity}.`,
  );
}

/** Pieces of each product still backordered by orders that wait for them (paid or on hold). */
export async function backorderedByProduct(tx: Executor, productIds: readonly string[]) {
  const byProduct = new Map<string, number>();
  if (productIds.length === 0) return byProduct;
  const rows = await tx
    .select({
      productId: orderLines.productId,
      backordered: sql<number>`sum(${orderLines.backordered})`.mapWith(Number),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.productId, [...productIds]),
        gt(orderLines.backordered, 0),
        inArray(orders.status, [...paidStates, ...heldStates]),
      ),
    )
    .groupBy(orderLines.productId);
  for (const r of rows) if (r.productId) byProduct.set(r.productId, r.backordered);
  return byProduct;
}
