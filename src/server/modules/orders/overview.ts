import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';

// The orders' share of the admin overview (issue 35): counts and sales in two statements, each
// served by an index (drizzle/0050…: the orders to ship, and paid orders by their payment time).

export type OrderCounts = {
  toShip: number;
  readyToShip: number;
  awaitingApproval: number;
  holdsEndingToday: number;
  backordered: number;
};

type RawCounts = { [K in keyof OrderCounts]: string | number };

/** Orders in a state that can still ship or wait for stock. */
const LIVE = sql.raw(`('unpaid', 'awaiting_approval', 'paid', 'partially_shipped')`);

/**
 * What needs doing with orders, counted. To ship: paid (by card or on account), with something
 * left to ship; ready: of those, none of whose pieces wait on backorder. Holds ending today:
 * unpaid orders whose hold ends between now and `endOfDay`.
 */
export async function orderCounts(db: Executor, now: Date, endOfDay: Date): Promise<OrderCounts> {
  const result = await db.execute(sql`
    select
      (select count(*) from "order" o where o.status in ('paid', 'partially_shipped')) as "toShip",
      (select count(*) from "order" o where o.status in ('paid', 'partially_shipped')
        and not exists (select 1 from order_line l
          where l.order_id = o.id and l.backordered > 0)) as "readyToShip",
      (select count(*) from "order" o where o.status = 'awaiting_approval') as "awaitingApproval",
      (select count(*) from "order" o where o.status = 'unpaid'
        and o.hold_until > ${now.toISOString()}::timestamptz
        and o.hold_until <= ${endOfDay.toISOString()}::timestamptz) as "holdsEndingToday",
      (select count(distinct l.order_id) from order_line l join "order" o on o.id = l.order_id
        where l.backordered > 0 and o.status in ${LIVE}) as "backordered"`);
  const [row] = rawRows<RawCounts>(result);
  return {
    toShip: Number(row?.toShip ?? 0),
    readyToShip: Number(row?.readyToShip ?? 0),
    awaitingApproval: Number(row?.awaitingApproval ?? 0),
    holdsEndingToday: Number(row?.holdsEndingToday ?? 0),
    backordered: Number(row?.backordered ?? 0),
  };
}

export type AwaitedPart = { productId: string; sku: string; name: string; pieces: number };

/** The parts with the most pieces awaited on live orders, most first. */
export async function mostAwaitedParts(db: Executor, limit: number): Promise<AwaitedPart[]> {
  const result = await db.execute(sql`
    select l.product_id, min(l.sku) as sku, min(l.product_name) as name,
      sum(l.backordered) as pieces
    from order_line l join "order" o on o.id = l.order_id
    where l.backordered > 0 and l.product_id is not null and o.status in ${LIVE}
    group by l.product_id
    order by pieces desc, sku
    limit ${limit}`);
  return rawRows<{ product_id: string; sku: string; name: string; pieces: string | number }>(
    result,
  ).map((r) => ({ productId: r.product_id, sku: r.sku, name: r.name, pieces: Number(r.pieces) }));
}

export type DaySales = { day: string; cents: number; orders: number };

/**
 * Sales (orders paid by card or charged to account, not cancelled since) per day of
 * `paid_at`, in UTC, from `from` up to `to`.
 */
export async function salesByDay(db: Executor, from: Date, to: Date): Promise<DaySales[]> {
  const result = await db.execute(sql`
    select to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      sum(o.grand_total_cents) as cents, count(*) as orders
    from "order" o
    where o.paid_at >= ${from.toISOString()}::timestamptz
      and o.paid_at < ${to.toISOString()}::timestamptz
      and o.status <> 'cancelled'
    group by 1`);
  return rawRows<{ day: string; cents: string | number; orders: string | number }>(result).map(
    (r) => ({ day: r.day, cents: Number(r.cents), orders: Number(r.orders) }),
  );
}
