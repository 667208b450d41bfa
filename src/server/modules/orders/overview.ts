import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';

// The orders' share of the admin overview (issue 35): counts, the parts awaited and sales, each
// statement served by indexes (drizzle/0029_admin_overview and 0031_overview_walks).

export type OrderCounts = {
  toShip: number;
  readyToShip: number;
  awaitingApproval: number;
  holdsEndingToday: number;
  backordered: number;
};

type RawCounts = {
  [K in Exclude<keyof OrderCounts, 'readyToShip'> | 'toShipWaiting']: string | number;
};

/** Orders in a state that can still ship or wait for stock. */
const LIVE = sql.raw(`('unpaid', 'awaiting_approval', 'paid', 'partially_shipped')`);
/** Orders paid (by card or on account) with something left to ship. */
const TO_SHIP = sql.raw(`('paid', 'partially_shipped')`);

/**
 * What needs doing with orders, counted. To ship: paid (by card or on account), with something
 * left to ship; ready: of those, none of whose pieces wait on backorder. Holds ending today:
 * unpaid orders whose hold ends between now and `endOfDay`.
 *
 * One statement, so every count is of the same moment. The orders waiting for stock are found
 * from their few waiting lines (order_line_waiting_idx joined to order_live_idx, both
 * index-only); "ready" is "to ship" less those of them that are paid.
 */
export async function orderCounts(db: Executor, now: Date, endOfDay: Date): Promise<OrderCounts> {
  const result = await db.execute(sql`
    with waiting as materialized (
      select distinct l.order_id, o.status
      from order_line l join "order" o on o.id = l.order_id
      where l.backordered > 0 and o.status in ${LIVE}
    )
    select
      (select count(*) from "order" o where o.status in ${TO_SHIP}) as "toShip",
      (select count(*) from waiting where status in ${TO_SHIP}) as "toShipWaiting",
      (select count(*) from "order" o where o.status = 'awaiting_approval') as "awaitingApproval",
      (select count(*) from "order" o where o.status = 'unpaid'
        and o.hold_until > ${now.toISOString()}::timestamptz
        and o.hold_until <= ${endOfDay.toISOString()}::timestamptz) as "holdsEndingToday",
      (select count(*) from waiting) as "backordered"`);
  const [row] = rawRows<RawCounts>(result);
  const toShip = Number(row?.toShip ?? 0);
  return {
    toShip,
    readyToShip: toShip - Number(row?.toShipWaiting ?? 0),
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
  // date_bin, not to_char: formatting every paid order's date took twice the whole scan.
  const result = await db.execute(sql`
    select date_bin('1 day', o.paid_at, timestamptz '2000-01-01T00:00:00Z') as day,
      sum(o.grand_total_cents) as cents, count(*) as orders
    from "order" o
    where o.paid_at >= ${from.toISOString()}::timestamptz
      and o.paid_at < ${to.toISOString()}::timestamptz
      and o.status <> 'cancelled'
    group by 1`);
  return rawRows<{ day: string | Date; cents: string | number; orders: string | number }>(
    result,
  ).map((r) => ({
    day: new Date(r.day).toISOString().slice(0, 10),
    cents: Number(r.cents),
    orders: Number(r.orders),
  }));
}
