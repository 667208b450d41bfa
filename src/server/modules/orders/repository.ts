import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { AllOrdersQuery } from '../../../contract/orders.ts';
import type { Executor } from '../../db/client.ts';
import { companies, orderLines, orders } from '../../db/schema.ts';
import { likePattern } from '../../lib/paging.ts';
import type { HoldCaps } from './hold-caps.ts';
import { holdingStates, isHolding } from './holds.ts';

export type OrderRow = typeof orders.$inferSelect;

export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderLimits = {
  holdMinutes: number;
  /** How long an order awaiting approval holds its stock, from when it was placed. */
  approvalHoldHours: number;
  maxUnpaid: number;
} & HoldCaps;

// Any constant: the key space of the per-customer lock taken while an order is placed. (The
// two-number advisory locks never collide with the one-number lock the migrations take.)
const CUSTOMER_ORDERS_LOCK = 724_312;

/**
 * Lines up one customer's order placements and checkouts (nobody else's) until the
 * transaction ends, so the unpaid-order count, a checkout key's lookup and the insert that
 * follows cannot interleave with another of theirs.
 */
export async function lockCustomerOrders(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_ORDERS_LOCK}, hashtext(${userId}))`);
}

/** An order's delivery as priced: the copies of its addresses, its method, tax and totals. */
export type OrderDeliveryValues = Pick<
  typeof orders.$inferInsert,
  | 'shippingAddress'
  | 'billingAddress'
  | 'shippingMethodId'
  | 'shippingMethodName'
  | 'shippingCents'
  | 'tax'
  | 'taxTotalCents'
  | 'grandTotalCents'
  | 'reverseCharge'
  | 'buyerCompany'
  | 'buyerVatId'
  | 'taxExemptCertificate'
>;

export type NewOrder = {
  userId: string;
  email: string;
  userName: string;
  productId: string | null;
  productName: string;
  unitPriceCents: number | null;
  quantity: number;
  totalCents: number;
} & Partial<OrderDeliveryValues> &
  Partial<Pick<OrderRow, 'companyId' | 'paymentMethod' | 'poNumber' | 'shipTogether'>>;

export type NewLine = Omit<OrderLineRow, 'orderId' | 'lineNo' | 'cancelled'>;

/** The lines of these orders, in order, read in one query. */
export async function linesOfOrders(db: Executor, orderIds: string[]) {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  for (const line of rows) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(line);
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}

export async function findOrder(db: Executor, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** The order, locked until the transaction ends: a payment's settling waits for the change. */
export async function lockOrder(tx: Executor, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** Prices an unpaid order's delivery again; undefined once it is no longer unpaid. */
export async function setOrderDelivery(tx: Executor, id: string, values: OrderDeliveryValues) {
  const [row] = await tx
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
    .returning();
  return row;
}

/** These orders as they are now (those that still exist). */
export async function findOrders(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
}

/**
 * The orders an account placed, and its company's when it belongs to one. By account, never by
 * email: an address can pass to a new account once the old one is deleted, and the old
 * account's orders are not the newcomer's.
 */
export async function listOrdersOf(db: Executor, userId: string, companyId?: string) {
  const whose = companyId
    ? or(eq(orders.userId, userId), eq(orders.companyId, companyId))
    : eq(orders.userId, userId);
  return db.select().from(orders).where(whose).orderBy(desc(orders.createdAt));
}

/**
 * Deletes an unpaid or expired order (or one awaiting approval, or rejected), only while its
 * payment intent is still the one the caller made safe: undefined when the order was paid, or a
 * new payment started, meanwhile. RETURNING shows the row as it was deleted (an expired or
 * rejected one gave its stock back already).
 */
export async function deleteUnpaidOrder(tx: Executor, id: string, paymentIntentId: string | null) {
  const [row] = await tx
    .delete(orders)
    .where(
      and(
        eq(orders.id, id),
        inArray(orders.status, [...holdingStates, 'expired', 'rejected']),
        paymentIntentId === null
          ? isNull(orders.paymentIntentId)
          : eq(orders.paymentIntentId, paymentIntentId),
      ),
    )
    .returning();
  return row;
}

/** The largest order number a search reads as one: beyond it, digits are only text. */
const MAX_NUMBER_DIGITS = 15;

/**
 * `?q=` of the admin list: "#100234" is that order only; bare digits are that order number or
 * text in the customer's email, name or PO number, as any other text is (case-insensitive), or a
 * SKU one of its lines has.
 */
function ordersMatching(q: string | undefined) {
  if (!q) return undefined;
  const digits = /^#?\s*(\d+)$/.exec(q)?.[1];
  const byNumber =
    digits && digits.length <= MAX_NUMBER_DIGITS ? eq(orders.number, Number(digits)) : undefined;
  if (q.startsWith('#')) return byNumber ?? sql`false`;
  const text = likePattern(q);
  // A SKU is matched whole (its index finds it), a PO number in part, as people quote them.
  const bySku = sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.sku} = ${q.toUpperCase()})`;
  return or(
    byNumber,
    ilike(orders.email, text),
    ilike(orders.userName, text),
    ilike(orders.poNumber, text),
    bySku,
  );
}

type DeskFilter = Omit<AllOrdersQuery, 'page' | 'limit'>;

const paidStates = ['paid', 'partially_shipped', 'shipped'] as const;
const toShipStates = ['paid', 'partially_shipped'] as const;

/** Some line of the order still awaits pieces. */
const hasBackorder = sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.backordered} > 0)`;

function inStatus(status: DeskFilter['status']) {
  switch (status) {
    case 'all':
      return undefined;
    case 'to_ship':
      return inArray(orders.status, [...toShipStates]);
    case 'ready_to_ship':
      return and(inArray(orders.status, [...toShipStates]), sql`not ${hasBackorder}`);
    case 'backordered':
      return and(inArray(orders.status, [...toShipStates]), hasBackorder);
    default:
      return eq(orders.status, status);
  }
}

function paidBy(payment: DeskFilter['payment']) {
  if (payment === 'account') return eq(orders.paymentMethod, 'account');
  if (payment === 'card') {
    return and(eq(orders.paymentMethod, 'card'), inArray(orders.status, [...paidStates]));
  }
  if (payment === 'unpaid') {
    return and(eq(orders.paymentMethod, 'card'), notInArray(orders.status, [...paidStates]));
  }
  return undefined;
}

/** The first instant of a UTC day, and of the day after it. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60 * 1000);

/** The company named by the order (as priced, or its ship-to) or its company now, in part. */
function ofCompany(company: string | undefined) {
  if (!company) return undefined;
  const text = likePattern(company);
  return or(
    ilike(orders.buyerCompany, text),
    sql`${orders.shippingAddress} ->> 'company' ilike ${text}`,
    sql`${orders.companyId} in (select ${companies.id} from ${companies} where ${companies.name} ilike ${text})`,
  );
}

/** Every filter of the desk, as one condition. */
export function deskFilter({ status, q, from, to, company, payment }: DeskFilter) {
  return and(
    inStatus(status),
    ordersMatching(q || undefined),
    from ? gte(orders.createdAt, dayStart(from)) : undefined,
    to ? lt(orders.createdAt, dayAfter(to)) : undefined,
    ofCompany(company || undefined),
    paidBy(payment),
  );
}

export async function listAllOrders(
  db: Executor,
  filter: DeskFilter,
  { limit, offset }: { limit: number; offset: number },
) {
  const where = deskFilter(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** These orders by number, lowest first (those that exist). */
export async function findOrdersByNumber(db: Executor, numbers: number[]) {
  if (numbers.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.number, numbers))
    .orderBy(asc(orders.number));
}

/** The numbers of the unpaid orders that hold this product (a line of theirs), lowest first. */
export async function unpaidOrderNumbersHolding(db: Executor, productId: string) {
  const rows = await db
    .selectDistinct({ number: orders.number })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.productId, productId), isHolding))
    .orderBy(asc(orders.number));
  return rows.map((r) => r.number);
}

/** Links an order to the trade quote it was placed from, or drops the link (null). */
export async function linkOrderToQuote(tx: Executor, id: string, quoteId: string | null) {
  const [row] = await tx.update(orders).set({ quoteId }).where(eq(orders.id, id)).returning();
  return row;
}
