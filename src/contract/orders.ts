import { z } from 'zod';
import { orderApproval } from './approvals.ts';
import { orderCompany } from './order-company.ts';
import { pageInfo, pagingQuery } from './common.ts';
import { checkoutInput, orderDelivery } from './order-delivery.ts';

export const MAX_ORDER_QUANTITY = 100_000;

/**
 * POST /orders. The spec's client also sends name, price, totalPrice and userName; the server
 * takes those from the database and the session, so they are accepted and ignored.
 */
export const orderInput = z.object({
  productId: z.string().max(100),
  // The product's own minimum (10 unless an admin changed it) and pack are checked by the
  // server against the product: see minimumMessage in order-rules.ts.
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
  email: z.email().max(254).toLowerCase(),
});
export type OrderInput = z.infer<typeof orderInput>;

/** Place Order as the purchase page's form sends it (text fields): its action reads it so. */
export const placeOrderForm = orderInput.extend({
  quantity: z.coerce.number().pipe(orderInput.shape.quantity),
});

export const orderStates = [
  'unpaid',
  'awaiting_approval',
  'paid',
  'partially_shipped',
  'shipped',
  'expired',
  'cancelled',
  'rejected',
] as const;
export type OrderState = (typeof orderStates)[number];

/** One part of an order, priced when it was placed; money in dollars. */
export const orderLine = z.object({
  productId: z.string().nullable().describe('null once the product is deleted'),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().describe('dollars per piece'),
  lineTotal: z.number().describe('dollars: unitPrice × quantity'),
  reserved: z
    .number()
    .int()
    .describe('pieces taken from stock for this line (shipped or not); they ship now'),
  backordered: z
    .number()
    .int()
    .describe('pieces awaited: reserved when stock is received (paid orders first, oldest first)'),
});
export type OrderLine = z.infer<typeof orderLine>;

/** A line of a placed order: what became of its pieces since. */
export const placedOrderLine = orderLine.extend({
  cancelled: z
    .number()
    .int()
    .describe('pieces cancelled before they shipped (a credit note gave them back)'),
});
export type PlacedOrderLine = z.infer<typeof placedOrderLine>;

/** A line as the order pages show it; a quote's lines have no stock state, nor cancelled pieces. */
export type ShownLine = Omit<OrderLine, 'reserved' | 'backordered'> &
  Partial<Pick<PlacedOrderLine, 'reserved' | 'backordered' | 'cancelled'>>;

/**
 * An order as the spec names its fields; money in dollars. A one-line order's name, price and
 * quantity are its line's; an order of several parts is named like "3 parts: Chain Wear
 * Checker, …", its quantity is the sum and its price null (each line has its own).
 */
export const order = z.object({
  _id: z.string(),
  number: z.number().int().describe('the short order number people quote, e.g. 100234'),
  productId: z.string().nullable().describe('one-line orders: the product; otherwise null'),
  name: z.string().describe('product name, or "N parts: …"'),
  price: z.number().nullable().describe('unit price in dollars; null for several parts'),
  quantity: z.number().int().describe('pieces in all lines'),
  totalPrice: z.number().describe('dollars: the sum of the line totals'),
  lines: z.array(placedOrderLine),
  email: z.string(),
  userName: z.string(),
  paid: z.boolean(),
  shipped: z.boolean(),
  status: z
    .enum(orderStates)
    .describe('unpaid orders hold their stock until expiresAt; then they expire and it goes back'),
  transactionId: z.string().optional(),
  amountTotal: z.number().optional().describe('dollars paid'),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().optional(),
  shippedAt: z.iso.datetime().optional(),
  expiresAt: z.iso.datetime().optional().describe('unpaid orders: when the stock hold ends'),
  shipTogether: z
    .boolean()
    .describe(
      'true: nothing ships until every line is allocated; false: what is in stock ships now',
    ),
  ...orderDelivery.shape,
  ...orderApproval.shape,
  ...orderCompany.shape,
});
export type Order = z.infer<typeof order>;

export const orderList = z.object({ data: z.array(order) });
export type OrderList = z.infer<typeof orderList>;

export const ordersQuery = z.object({ email: z.email().max(254).toLowerCase() });

export const orderDeleted = z.object({
  deleted: z.literal(true),
  _id: z.string(),
  name: z.string(),
});

/** POST /checkout: the same key again answers with the same order and places no other. */
export const checkoutHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'Send an Idempotency-Key header' })
    .trim()
    .min(8, 'The Idempotency-Key must be 8 to 200 characters')
    .max(200, 'The Idempotency-Key must be 8 to 200 characters'),
});

/**
 * Checkout as the checkout page's form sends it: the attempt's key, rendered into the page, and
 * the ids picked (an empty billing choice is the default billing address).
 */
export const checkoutForm = z.object({
  attempt: checkoutHeaders.shape['idempotency-key'],
  shippingAddressId: checkoutInput.shape.shippingAddressId.min(1, 'Choose where to ship'),
  shippingMethodId: checkoutInput.shape.shippingMethodId.min(1, 'Choose a shipping method'),
  billingAddressId: checkoutInput.shape.billingAddressId.transform((id) => id || undefined),
  // Card unless "Charge to account" is picked; an empty PO number is none.
  paymentMethod: checkoutInput.shape.paymentMethod,
  poNumber: checkoutInput.shape.poNumber.transform((po) => po || undefined),
  // The radio "Ship together" sends 'together'; anything else ships what is in stock now.
  shipTogether: z
    .string()
    .max(20)
    .optional()
    .transform((v) => v === 'together'),
});
export type CheckoutForm = z.infer<typeof checkoutForm>;

/**
 * The admin list's status filter: every order, those in one state, or the desk's own views:
 * `to_ship` (paid, not all shipped), `ready_to_ship` (of those, nothing on backorder) and
 * `backordered` (paid, some pieces still awaited).
 */
export const orderStatuses = [
  'all',
  ...orderStates,
  'to_ship',
  'ready_to_ship',
  'backordered',
] as const;
export type OrderStatusFilter = (typeof orderStatuses)[number];

/** How an order is paid, as the desk shows and filters it. */
export const orderPayments = ['card', 'account', 'unpaid'] as const;
export type OrderPayment = (typeof orderPayments)[number];

/** A plain form sends an empty field for one left blank: that is no filter. */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

const dayFilter = (what: string) =>
  z
    .preprocess(blankIsAbsent, z.iso.date({ error: 'Write the date as YYYY-MM-DD' }).optional())
    .describe(what);

/**
 * GET /allorders: every order, newest first, filtered and paged on the server. Every filter is
 * a plain query parameter, so a link (the admin overview's counts) or a GET form names it.
 */
export const allOrdersQuery = pagingQuery
  .extend({
    status: z.preprocess(blankIsAbsent, z.enum(orderStatuses).default('all')),
    q: z
      .string()
      .trim()
      .max(254)
      .optional()
      .describe(
        "an order number (with or without '#'), a SKU or PO number, or part of the customer's email or name",
      ),
    from: dayFilter('placed on or after this day (UTC), YYYY-MM-DD'),
    to: dayFilter('placed on or before this day (UTC), YYYY-MM-DD'),
    company: z.string().trim().max(200).optional().describe("part of the buyer's company name"),
    payment: z
      .preprocess(blankIsAbsent, z.enum(orderPayments).optional())
      .describe('card (paid by card), account (charged to account) or unpaid'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The first day comes after the last',
    path: ['from'],
  });
export type AllOrdersQuery = z.output<typeof allOrdersQuery>;

export const allOrdersList = pageInfo.extend({ data: z.array(order) });
export type AllOrdersList = z.infer<typeof allOrdersList>;

/** How an order is paid: charged to account, paid by card, or not (yet). */
export const paymentOf = (o: Pick<Order, 'paymentMethod' | 'paid'>): OrderPayment =>
  o.paymentMethod === 'account' ? 'account' : o.paid ? 'card' : 'unpaid';

export const MAX_DESK_ORDERS = 200;

/** Order numbers picked on the desk: `?order=100001&order=100002` (or one, comma-separated). */
export const pickedOrders = z.object({
  order: z
    .preprocess(
      (v) =>
        (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v]).filter((n) => n !== ''),
      z
        .array(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER))
        .min(1, 'Choose at least one order')
        .max(MAX_DESK_ORDERS, `At most ${MAX_DESK_ORDERS} orders at once`),
    )
    .describe('order numbers, repeated (order=100001&order=100002) or comma-separated'),
});
export type PickedOrders = z.output<typeof pickedOrders>;

/** POST /orders/ship-many: each order with its own tracking number, or none. */
export const bulkShipInput = z.object({
  orders: z
    .array(
      z.object({
        number: z.number().int().min(1),
        carrier: z.string().trim().max(60).optional(),
        trackingNumber: z.string().trim().max(100).optional(),
      }),
    )
    .min(1, 'Choose at least one order')
    .max(MAX_DESK_ORDERS, `At most ${MAX_DESK_ORDERS} orders at once`),
});
export type BulkShipInput = z.infer<typeof bulkShipInput>;

/** One answer per order: shipped, or why not. */
export const bulkShipResult = z.object({
  results: z.array(
    z.object({
      number: z.number().int(),
      shipped: z.boolean(),
      status: z
        .enum(orderStates)
        .nullable()
        .describe('the order as it is now; null: no such order'),
      message: z.string().describe('what happened, or why it did not ship'),
    }),
  ),
  shipped: z.number().int().describe('how many shipped'),
});
export type BulkShipResult = z.infer<typeof bulkShipResult>;
