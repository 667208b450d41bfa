import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
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

export const orders = pg.pgTable(
  'order',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    // 100001, 100002, …
    number: quotedNumber(100001),
    ...askedBy(),
    productId: pg.uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    // One-line orders: that line's product, name and unit price. An order of several parts has
    // no single product or unit price (null), a name like "3 parts: …" and the summed quantity.
    productName: pg.text('product_name').notNull(),
    unitPriceCents: pg.integer('unit_price_cents'),
    quantity: pg.integer('quantity').notNull(),
    totalCents: pg.integer('total_cents').notNull(),
    // Where the order stands; `paid` and `shipped` in the API are read from it.
    status: pg.text('status', { enum: orderStates }).notNull().default('unpaid'),
    // An unpaid order holds its stock until then; after it, the expiry sweep gives it back.
    holdUntil: pg.timestamp('hold_until', { withTimezone: true }).notNull(),
    transactionId: pg.text('transaction_id'),
    amountTotalCents: pg.integer('amount_total_cents'),
    paymentIntentId: pg.text('payment_intent_id'),
    createdAt: createdAt(),
    paidAt: pg.timestamp('paid_at', { withTimezone: true }),
    // Set when the last line has shipped (`partially_shipped` until then).
    shippedAt: pg.timestamp('shipped_at', { withTimezone: true }),
    // Delivery, as it was when the order was priced: copies, so editing an address or a method
    // later changes no order. An order placed without a ship-to address has none until one is
    // chosen (PUT /orders/{id}/shipping); it cannot be paid before.
    shippingAddress: pg.jsonb('shipping_address').$type<AddressCopy>(),
    billingAddress: pg.jsonb('billing_address').$type<AddressCopy>(),
    shippingMethodId: pg.uuid('shipping_method_id'),
    shippingMethodName: pg.text('shipping_method_name'),
    shippingCents: pg.integer('shipping_cents').notNull().default(0),
    // The order's tax: one entry per rate, each the sum of its lines' tax rounded once per line.
    tax: pg.jsonb('tax').$type<TaxLineCents[]>().notNull().default([]),
    taxTotalCents: pg.integer('tax_total_cents').notNull().default(0),
    // What the card is charged: the goods (total_cents) + shipping + tax.
    grandTotalCents: pg.integer('grand_total_cents').notNull(),
    reverseCharge: pg.boolean('reverse_charge').notNull().default(false),
    // The buyer's tax details at pricing time, printed on the invoice.
    buyerCompany: pg.text('buyer_company').notNull().default(''),
    buyerVatId: pg.text('buyer_vat_id').notNull().default(''),
    taxExemptCertificate: pg.text('tax_exempt_certificate'),
    // Numbered in the transaction that records the payment, or the cancellation.
    invoiceNumber: pg.text('invoice_number').unique(),
    invoicedAt: pg.timestamp('invoiced_at', { withTimezone: true }),
    creditNoteNumber: pg.text('credit_note_number').unique(),
    creditedAt: pg.timestamp('credited_at', { withTimezone: true }),
    cancelledAt: pg.timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: pg.text('cancel_reason'),
    // Trade accounts: the buyer's company when they had one (its members all see the order).
    companyId: pg.uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    // 'account': charged to the company's credit and invoiced at once, due after its terms.
    paymentMethod: pg.text('payment_method', { enum: paymentMethods }).notNull().default('card'),
    poNumber: pg.text('po_number'),
    dueAt: pg.timestamp('due_at', { withTimezone: true }),
    // An order over the buyer's spending limit waits for an owner or admin (awaiting_approval).
    approvedBy: pg.text('approved_by'),
    approvedAt: pg.timestamp('approved_at', { withTimezone: true }),
    // The quote it was made from: one order per quote, however often it is accepted.
    quoteId: pg.uuid('quote_id').unique(),
    // Backorders: ship together waits until every line is allocated; otherwise what is in
    // stock ships now and the rest when it arrives (the buyer's choice at checkout).
    shipTogether: pg.boolean('ship_together').notNull().default(false),
  },
  (t) => [
    pg.check('order_quantity_positive', sql`${t.quantity} >= 1`),
    pg.check(
      'order_total_matches',
      sql`${t.unitPriceCents} is null or ${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    pg.check(
      'order_status_known',
      sql`${t.status} in ('unpaid', 'awaiting_approval', 'paid', 'partially_shipped', 'shipped', 'expired', 'cancelled', 'rejected')`,
    ),
    pg.check('order_payment_method_known', sql`${t.paymentMethod} in ('card', 'account')`),
    pg.check(
      'order_grand_total_matches',
      sql`${t.grandTotalCents} = ${t.totalCents} + ${t.shippingCents} + ${t.taxTotalCents}`,
    ),
    pg.check(
      'order_shipping_not_negative',
      sql`${t.shippingCents} >= 0 and ${t.taxTotalCents} >= 0`,
    ),
    pg.check(
      'order_shipped_matches_status',
      sql`(${t.status} = 'shipped') = (${t.shippedAt} is not null)`,
    ),
    pg.index('order_email_idx').on(t.email, t.createdAt),
    // My Orders reads a customer's orders by account, newest first.
    pg.index('order_user_created_idx').on(t.userId, t.createdAt),
    pg.index('order_created_idx').on(t.createdAt),
    // The orders desk filters by status, newest first.
    pg.index('order_status_created_idx').on(t.status, t.createdAt),
    // The expiry sweep and the unpaid-order cap read only the orders holding stock.
    pg
      .index('order_unpaid_hold_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} in ('unpaid', 'awaiting_approval')`),
    pg
      .index('order_unpaid_user_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('unpaid', 'awaiting_approval')`),
    // The admin overview (issue 35): the orders left to ship, and sales by the day they were
    // paid (an index-only sum of the grand totals).
    pg
      .index('order_to_ship_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('paid', 'partially_shipped')`),
    pg
      .index('order_paid_at_idx')
      .on(t.paidAt, t.status, t.grandTotalCents)
      .where(sql`${t.paidAt} is not null`),
    // A company's orders, newest first (every member sees them), and its open invoices.
    pg.index('order_company_created_idx').on(t.companyId, t.createdAt),
    pg
      .index('order_company_due_idx')
      .on(t.companyId, t.dueAt)
      .where(sql`${t.dueAt} is not null`),
    // The overview's overdue sum walks each company's open invoices newest first and stops once
    // they cover its balance: the walk's order and the columns it reads, index-only.
    pg
      .index('order_open_invoice_idx')
      .on(
        t.companyId,
        t.invoicedAt.desc().nullsFirst(),
        t.number.desc().nullsFirst(),
        t.grandTotalCents,
        t.dueAt,
      )
      .where(
        sql`${t.paymentMethod} = 'account' and ${t.dueAt} is not null and ${t.invoiceNumber} is not null and ${t.status} <> 'cancelled'`,
      ),
    // Orders that can still ship or wait for stock, joined index-only to the waiting lines.
    pg
      .index('order_live_idx')
      .on(t.id, t.status)
      .where(sql`${t.status} in ('unpaid', 'awaiting_approval', 'paid', 'partially_shipped')`),
  ],
);

/** The parts of an order, priced when it was placed; the order's total is their sum. */
export const orderLines = pg.pgTable(
  'order_line',
  {
    orderId: deletedWith('order_id', () => orders.id),
    ...partLineColumns(),
    lineTotalCents: pg.integer('line_total_cents').notNull(),
    // Pieces cancelled before they shipped (a credit note gave them back); never shipped.
    cancelled: pg.integer('cancelled').notNull().default(0),
    // Pieces taken from stock for this line (shipped or not), and pieces still awaited from a
    // `received` movement. The rest of the quantity lapsed (an unpaid order's hold ended) or was
    // cancelled. Backordered pieces are never counted from stock.
    reserved: pg.integer('reserved').notNull().default(0),
    backordered: pg.integer('backordered').notNull().default(0),
  },
  (t) => [
    pg.primaryKey({ columns: [t.orderId, t.lineNo] }),
    ...partLineChecks('order_line', t),
    pg.check(
      'order_line_cancelled_range',
      sql`${t.cancelled} >= 0 and ${t.cancelled} <= ${t.quantity}`,
    ),
    pg.check(
      'order_line_backorder_fits',
      sql`${t.reserved} >= 0 and ${t.backordered} >= 0 and ${t.reserved} + ${t.backordered} <= ${t.quantity}`,
    ),
    // A receipt finds the lines waiting for the product it received.
    pg
      .index('order_line_backordered_idx')
      .on(t.productId)
      .where(sql`${t.backordered} > 0`),
    // The overview counts the orders waiting for stock and sums the parts they wait for.
    pg
      .index('order_line_waiting_idx')
      .on(t.orderId, t.productId, t.backordered)
      .where(sql`${t.backordered} > 0`),
    pg.check(
      'order_line_total_matches',
      sql`${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    pg.index('order_line_product_idx').on(t.productId),
    // The orders desk finds the orders of a SKU (its search).
    pg.index('order_line_sku_idx').on(t.sku),
  ],
);

/** What happened to an order, oldest first: placed, paid, invoiced, each shipment, cancelled… */
export const orderEvents = pg.pgTable(
  'order_event',
  {
    id: pg.bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: deletedWith('order_id', () => orders.id),
    at: pg.timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: pg.text('event', { enum: orderEventKinds }).notNull(),
    detail: pg.text('detail').notNull().default(''),
  },
  (t) => [pg.index('order_event_order_idx').on(t.orderId, t.id)],
);

/** A parcel sent for an order: some or all of its lines, with the carrier's tracking. */
export const shipments = pg.pgTable(
  'shipment',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    orderId: deletedWith('order_id', () => orders.id),
    carrier: pg.text('carrier').notNull(),
    trackingNumber: pg.text('tracking_number').notNull(),
    trackingUrl: pg.text('tracking_url'),
    createdBy: pg.text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [pg.index('shipment_order_idx').on(t.orderId, t.createdAt)],
);

/** How many of one order line a shipment carries. */
export const shipmentLines = pg.pgTable(
  'shipment_line',
  {
    shipmentId: deletedWith('shipment_id', () => shipments.id),
    orderId: pg.uuid('order_id').notNull(),
    lineNo: pg.integer('line_no').notNull(),
    quantity: pg.integer('quantity').notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.shipmentId, t.lineNo] }),
    pg
      .foreignKey({
        columns: [t.orderId, t.lineNo],
        foreignColumns: [orderLines.orderId, orderLines.lineNo],
      })
      .onDelete('cascade'),
    pg.check('shipment_line_quantity_positive', sql`${t.quantity} >= 1`),
    pg.index('shipment_line_order_idx').on(t.orderId, t.lineNo),
  ],
);

/**
 * What an order gave back: lines cancelled before they shipped, parts returned, or the whole
 * order. Numbered like invoices (CN-2026-000004); its money is fixed when it is issued
 * (contract/credit-notes.ts `creditNoteCents`).
 */
export const creditNotes = pg.pgTable(
  'credit_note',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    number: pg.text('number').notNull().unique(),
    orderId: deletedWith('order_id', () => orders.id),
    kind: pg.text('kind', { enum: ['cancelled', 'return'] }).notNull(),
    reason: pg.text('reason').notNull(),
    // The return it pays for (issue 34's RMA), when it is one.
    returnId: pg.uuid('return_id'),
    subtotalCents: pg.integer('subtotal_cents').notNull(),
    shippingCents: pg.integer('shipping_cents').notNull(),
    tax: pg.jsonb('tax').$type<TaxLineCents[]>().notNull(),
    taxTotalCents: pg.integer('tax_total_cents').notNull(),
    totalCents: pg.integer('total_cents').notNull(),
    // 'card': given back through the provider (refunded_at once it went through);
    // 'account': credited to the company's ledger in the note's own transaction.
    refund: pg.text('refund', { enum: ['card', 'account'] }).notNull(),
    refundedAt: pg.timestamp('refunded_at', { withTimezone: true }),
    createdBy: pg.text('created_by').notNull(),
    issuedAt: pg.timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('credit_note_order_idx').on(t.orderId, t.issuedAt),
    pg.check(
      'credit_note_total_matches',
      sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} + ${t.taxTotalCents} and ${t.totalCents} >= 0`,
    ),
    // A return is refunded once: two admins receiving it at once cannot both issue a note.
    pg
      .uniqueIndex('credit_note_return_idx')
      .on(t.returnId)
      .where(sql`${t.returnId} is not null`),
  ],
);

/** How many pieces of one order line a credit note gives back, and for how much. */
export const creditNoteLines = pg.pgTable(
  'credit_note_line',
  {
    creditNoteId: deletedWith('credit_note_id', () => creditNotes.id),
    orderId: pg.uuid('order_id').notNull(),
    lineNo: pg.integer('line_no').notNull(),
    quantity: pg.integer('quantity').notNull(),
    lineTotalCents: pg.integer('line_total_cents').notNull(),
    taxCents: pg.integer('tax_cents').notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.creditNoteId, t.lineNo] }),
    pg
      .foreignKey({
        columns: [t.orderId, t.lineNo],
        foreignColumns: [orderLines.orderId, orderLines.lineNo],
      })
      .onDelete('cascade'),
    pg.check('credit_note_line_quantity_positive', sql`${t.quantity} >= 1`),
    pg.index('credit_note_line_order_idx').on(t.orderId, t.lineNo),
  ],
);
