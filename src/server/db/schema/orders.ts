import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderEvents as orderEventKinds } from '../../../contract/order-events.ts';
import { paymentMethods } from '../../../contract/company-kinds.ts';
import { orderStates } from '../../../contract/orders.ts';
import { askedBy, createdAt, deletedWith, quotedNumber } from './columns.ts';
import { products } from './catalog.ts';
import { companies } from './companies.ts';
import { partLineChecks, partLineColumns } from './part-lines.ts';

// Orders, their lines, their timeline and their shipments.

/** An address as an order keeps it (src/contract/addresses.ts `orderAddress`). */
export type AddressCopy = {
  label?: string;
  company: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
};

/** One tax line in cents; the rate in milli-percent (20.5% = 20500). */
export type TaxLineCents = { name: string; rateMilli: number; amountCents: number };

export const orders = pgTable(
  'order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // 100001, 100002, …
    number: quotedNumber(100001),
    ...askedBy(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    // One-line orders: that line's product, name and unit price. An order of several parts has
    // no single product or unit price (null), a name like "3 parts: …" and the summed quantity.
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents'),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    // Where the order stands; `paid` and `shipped` in the API are read from it.
    status: text('status', { enum: orderStates }).notNull().default('unpaid'),
    // An unpaid order holds its stock until then; after it, the expiry sweep gives it back.
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    transactionId: text('transaction_id'),
    amountTotalCents: integer('amount_total_cents'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Set when the last line has shipped (`partially_shipped` until then).
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    // Delivery, as it was when the order was priced: copies, so editing an address or a method
    // later changes no order. An order placed without a ship-to address has none until one is
    // chosen (PUT /orders/{id}/shipping); it cannot be paid before.
    shippingAddress: jsonb('shipping_address').$type<AddressCopy>(),
    billingAddress: jsonb('billing_address').$type<AddressCopy>(),
    shippingMethodId: uuid('shipping_method_id'),
    shippingMethodName: text('shipping_method_name'),
    shippingCents: integer('shipping_cents').notNull().default(0),
    // The order's tax: one entry per rate, each the sum of its lines' tax rounded once per line.
    tax: jsonb('tax').$type<TaxLineCents[]>().notNull().default([]),
    taxTotalCents: integer('tax_total_cents').notNull().default(0),
    // What the card is charged: the goods (total_cents) + shipping + tax.
    grandTotalCents: integer('grand_total_cents').notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    // The buyer's tax details at pricing time, printed on the invoice.
    buyerCompany: text('buyer_company').notNull().default(''),
    buyerVatId: text('buyer_vat_id').notNull().default(''),
    taxExemptCertificate: text('tax_exempt_certificate'),
    // Numbered in the transaction that records the payment, or the cancellation.
    invoiceNumber: text('invoice_number').unique(),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    creditNoteNumber: text('credit_note_number').unique(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    // Trade accounts: the buyer's company when they had one (its members all see the order).
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    // 'account': charged to the company's credit and invoiced at once, due after its terms.
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull().default('card'),
    poNumber: text('po_number'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    // An order over the buyer's spending limit waits for an owner or admin (awaiting_approval).
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    // The quote it was made from: one order per quote, however often it is accepted.
    quoteId: uuid('quote_id').unique(),
  },
  (t) => [
    check('order_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'order_total_matches',
      sql`${t.unitPriceCents} is null or ${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    check(
      'order_status_known',
      sql`${t.status} in ('unpaid', 'awaiting_approval', 'paid', 'partially_shipped', 'shipped', 'expired', 'cancelled', 'rejected')`,
    ),
    check('order_payment_method_known', sql`${t.paymentMethod} in ('card', 'account')`),
    check(
      'order_grand_total_matches',
      sql`${t.grandTotalCents} = ${t.totalCents} + ${t.shippingCents} + ${t.taxTotalCents}`,
    ),
    check('order_shipping_not_negative', sql`${t.shippingCents} >= 0 and ${t.taxTotalCents} >= 0`),
    check(
      'order_shipped_matches_status',
      sql`(${t.status} = 'shipped') = (${t.shippedAt} is not null)`,
    ),
    index('order_email_idx').on(t.email, t.createdAt),
    // My Orders reads a customer's orders by account, newest first.
    index('order_user_created_idx').on(t.userId, t.createdAt),
    index('order_created_idx').on(t.createdAt),
    // The expiry sweep and the unpaid-order cap read only the orders holding stock.
    index('order_unpaid_hold_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} in ('unpaid', 'awaiting_approval')`),
    index('order_unpaid_user_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('unpaid', 'awaiting_approval')`),
    // A company's orders, newest first (every member sees them), and its open invoices.
    index('order_company_created_idx').on(t.companyId, t.createdAt),
    index('order_company_due_idx')
      .on(t.companyId, t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);

/** The parts of an order, priced when it was placed; the order's total is their sum. */
export const orderLines = pgTable(
  'order_line',
  {
    orderId: deletedWith('order_id', () => orders.id),
    ...partLineColumns(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    ...partLineChecks('order_line', t),
    check(
      'order_line_total_matches',
      sql`${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    index('order_line_product_idx').on(t.productId),
  ],
);

/** What happened to an order, oldest first: placed, paid, invoiced, each shipment, cancelled… */
export const orderEvents = pgTable(
  'order_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: deletedWith('order_id', () => orders.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: text('event', { enum: orderEventKinds }).notNull(),
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('order_event_order_idx').on(t.orderId, t.id)],
);

/** A parcel sent for an order: some or all of its lines, with the carrier's tracking. */
export const shipments = pgTable(
  'shipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: deletedWith('order_id', () => orders.id),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('shipment_order_idx').on(t.orderId, t.createdAt)],
);

/** How many of one order line a shipment carries. */
export const shipmentLines = pgTable(
  'shipment_line',
  {
    shipmentId: deletedWith('shipment_id', () => shipments.id),
    orderId: uuid('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.lineNo] }),
    foreignKey({
      columns: [t.orderId, t.lineNo],
      foreignColumns: [orderLines.orderId, orderLines.lineNo],
    }).onDelete('cascade'),
    check('shipment_line_quantity_positive', sql`${t.quantity} >= 1`),
    index('shipment_line_order_idx').on(t.orderId, t.lineNo),
  ],
);
