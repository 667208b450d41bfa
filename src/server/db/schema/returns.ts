import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { returnReasons, returnStates } from '../../../contract/returns.ts';
import { companies } from './companies.ts';
import { createdAt, deletedWith } from './columns.ts';
import { orders } from './orders.ts';

// Returns (RMA): shipped parts a buyer sends back, as an admin approves and receives them.

/**
 * One return of one order, numbered RMA-YYYY-NNNNNN (gap-free per year, as invoices). The order
 * cannot be deleted once shipped, so the return goes only with it. Who asked and whose order it
 * is are copied: both, and the order's company, may see it.
 */
export const returnRequests = pg.pgTable(
  'return_request',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    number: pg.text('number').notNull().unique(),
    orderId: deletedWith('order_id', () => orders.id),
    orderNumber: pg.bigint('order_number', { mode: 'number' }).notNull(),
    // The order's buyer (who may see it) and who asked (mailed at each step): often the same.
    orderUserId: pg.text('order_user_id').notNull(),
    requestedById: pg.text('requested_by_id').notNull(),
    requestedByEmail: pg.text('requested_by_email').notNull(),
    requestedByName: pg.text('requested_by_name').notNull(),
    companyId: pg.uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    status: pg.text('status', { enum: returnStates }).notNull().default('requested'),
    note: pg.text('note').notNull().default(''),
    createdAt: createdAt(),
    instructions: pg.text('instructions'),
    approvedAt: pg.timestamp('approved_at', { withTimezone: true }),
    approvedBy: pg.text('approved_by'),
    rejectReason: pg.text('reject_reason'),
    rejectedAt: pg.timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: pg.text('rejected_by'),
    receivedAt: pg.timestamp('received_at', { withTimezone: true }),
    receivedBy: pg.text('received_by'),
    // The credit note issued on receipt and what it gives back (the received parts and tax).
    creditNoteNumber: pg.text('credit_note_number').unique(),
    refundCents: pg.integer('refund_cents'),
    refundMethod: pg.text('refund_method', { enum: ['card', 'account'] }),
    // A card's money given back through the provider (an account is credited at receipt).
    refundedAt: pg.timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    pg.check(
      'return_request_status_known',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'received')`,
    ),
    pg.check(
      'return_request_received_is_credited',
      sql`(${t.status} = 'received') = (${t.creditNoteNumber} is not null)`,
    ),
    pg.index('return_request_order_idx').on(t.orderId),
    pg.index('return_request_created_idx').on(t.createdAt),
    pg.index('return_request_status_idx').on(t.status, t.createdAt),
    pg.index('return_request_company_idx').on(t.companyId, t.createdAt),
    pg.index('return_request_user_idx').on(t.orderUserId, t.createdAt),
  ],
);

/** A part asked to be returned: the order's line, how many and why, priced as it was sold. */
export const returnLines = pg.pgTable(
  'return_line',
  {
    returnId: deletedWith('return_id', () => returnRequests.id),
    // The order line's number; its product may be deleted since (its SKU and name stay).
    lineNo: pg.integer('line_no').notNull(),
    productId: pg.uuid('product_id'),
    sku: pg.text('sku').notNull(),
    name: pg.text('name').notNull(),
    quantity: pg.integer('quantity').notNull(),
    reason: pg.text('reason', { enum: returnReasons }).notNull(),
    unitPriceCents: pg.integer('unit_price_cents').notNull(),
    // What arrived, set once at receipt.
    restocked: pg.integer('restocked').notNull().default(0),
    scrapped: pg.integer('scrapped').notNull().default(0),
  },
  (t) => [
    pg.primaryKey({ columns: [t.returnId, t.lineNo] }),
    pg.check('return_line_quantity_positive', sql`${t.quantity} >= 1`),
    pg.check(
      'return_line_received_within',
      sql`${t.restocked} >= 0 and ${t.scrapped} >= 0 and ${t.restocked} + ${t.scrapped} <= ${t.quantity}`,
    ),
    pg.check(
      'return_line_reason_known',
      sql`${t.reason} in ('wrong_part', 'damaged', 'not_needed', 'warranty')`,
    ),
  ],
);
