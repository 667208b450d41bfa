import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { companyRoles, creditEntryTypes, quoteStates } from '../../../contract/company-kinds.ts';
import type { TierCents } from '../../../contract/price-ladder.ts';
import { askedBy, createdAt, deletedWith, quotedNumber, stampsOf } from './columns.ts';
import { users } from './auth.ts';
import { products } from './catalog.ts';
import { partLineChecks, partLineColumns } from './part-lines.ts';

// Trade accounts: companies, their members and invites, their credit ledger, their prices and
// their quotes.

/** A bike shop or workshop that buys from us: its terms, its credit and its balance. */
export const companies = pg.pgTable(
  'company',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    name: pg.text('name').notNull(),
    vatId: pg.text('vat_id').notNull().default(''),
    // Confirmed registered (by a shop admin, or by VIES): only then are its EU orders reverse
    // charged. A new VAT ID starts unverified.
    vatIdVerified: pg.boolean('vat_id_verified').notNull().default(false),
    // Every order it places must then carry a purchase-order number.
    poRequired: pg.boolean('po_required').notNull().default(false),
    // Payment terms: an invoice is due this many days after it is dated. Null: no terms, so no
    // ordering on account.
    netDays: pg.integer('net_days'),
    creditLimitCents: pg.integer('credit_limit_cents').notNull().default(0),
    // What the company owes: always the sum of its ledger entries, kept here so a checkout reads
    // one row under its lock (the ledger entry and this column change in one transaction).
    balanceCents: pg.integer('balance_cents').notNull().default(0),
    // Dealer prices: this discount off every list ladder (milli-percent: 12.5% = 12500), unless
    // the product has its own tiers for the company (company_price).
    discountMilli: pg.integer('discount_milli').notNull().default(0),
    ...stampsOf(),
  },
  (t) => [
    pg.check('company_net_days_range', sql`${t.netDays} is null or ${t.netDays} between 0 and 365`),
    pg.check('company_credit_limit_not_negative', sql`${t.creditLimitCents} >= 0`),
    pg.check('company_discount_range', sql`${t.discountMilli} between 0 and 100000`),
  ],
);

/** Who belongs to a company (an account belongs to one at most), and what they may do. */
export const companyMembers = pg.pgTable(
  'company_member',
  {
    userId: pg
      .text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: deletedWith('company_id', () => companies.id),
    role: pg.text('role', { enum: companyRoles }).notNull(),
    // A checkout over this grand total waits for an owner's or admin's approval. Null: no limit.
    spendingLimitCents: pg.integer('spending_limit_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check('company_member_role_known', sql`${t.role} in ('owner', 'admin', 'buyer')`),
    pg.check(
      'company_member_limit_not_negative',
      sql`${t.spendingLimitCents} is null or ${t.spendingLimitCents} >= 0`,
    ),
    pg.index('company_member_company_idx').on(t.companyId, t.createdAt),
    // One owner per company, whatever two requests do at once.
    pg
      .uniqueIndex('company_member_one_owner_idx')
      .on(t.companyId)
      .where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * An invitation mailed to an address: accepted once by the signed-in account with that email,
 * within its seven days. Only the token's SHA-256 is kept, so reading the database (or a backup
 * of DATA_DIR) gives nobody a link that works.
 */
export const companyInvites = pg.pgTable(
  'company_invite',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    companyId: deletedWith('company_id', () => companies.id),
    email: pg.text('email').notNull(),
    role: pg.text('role', { enum: companyRoles }).notNull(),
    spendingLimitCents: pg.integer('spending_limit_cents'),
    tokenHash: pg.text('token_hash').notNull().unique(),
    invitedBy: pg.text('invited_by').notNull(),
    createdAt: createdAt(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: pg.timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: pg.text('accepted_by'),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    pg.check('company_invite_role_known', sql`${t.role} in ('admin', 'buyer')`),
    pg.index('company_invite_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * Every change to what a company owes, oldest first: charges (orders on account), payments
 * received, credit notes (cancelled orders on account) and admin adjustments. `amountCents` is
 * signed (a charge adds, a payment subtracts) and `balanceAfterCents` is the running sum.
 */
export const creditLedgerEntries = pg.pgTable(
  'credit_ledger_entry',
  {
    id: pg.bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: deletedWith('company_id', () => companies.id),
    at: pg.timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    type: pg.text('type', { enum: creditEntryTypes }).notNull(),
    amountCents: pg.integer('amount_cents').notNull(),
    balanceAfterCents: pg.integer('balance_after_cents').notNull(),
    orderId: pg.uuid('order_id'),
    invoiceNumber: pg.text('invoice_number'),
    // A payment's reference (the bank transfer's), or why an adjustment was made.
    note: pg.text('note').notNull().default(''),
    // A payment's reference again, kept to be unique per company (whatever its case): the same
    // transfer recorded twice would count its money twice. Null for every other entry.
    reference: pg.text('reference'),
    createdBy: pg.text('created_by').notNull(),
  },
  (t) => [
    pg.check(
      'credit_ledger_entry_type_known',
      sql`${t.type} in ('charge', 'payment', 'credit_note', 'adjustment')`,
    ),
    pg.check('credit_ledger_entry_amount_not_zero', sql`${t.amountCents} <> 0`),
    pg.index('credit_ledger_entry_company_idx').on(t.companyId, t.id),
    pg.index('credit_ledger_entry_order_idx').on(t.orderId),
    pg
      .uniqueIndex('credit_ledger_entry_reference_idx')
      .on(t.companyId, sql`lower(${t.reference})`)
      .where(sql`${t.reference} is not null`),
  ],
);

/** A company's own price ladder for one product: it wins over the company's discount. */
export const companyPrices = pg.pgTable(
  'company_price',
  {
    companyId: deletedWith('company_id', () => companies.id),
    productId: deletedWith('product_id', () => products.id),
    tiers: pg.jsonb('tiers').$type<TierCents[]>().notNull(),
    ...stampsOf(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.companyId, t.productId] }),
    pg.index('company_price_product_idx').on(t.productId),
  ],
);

/**
 * A request for a quote, made from a cart, and the shop's answer. Accepting it makes one order
 * at the quoted prices (order.quote_id is unique: accepting twice makes one order).
 */
export const quotes = pg.pgTable(
  'quote',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    // Q-1001, Q-1002, …
    number: quotedNumber(1001),
    // The buyer's company when they had one; the buyer's own quote otherwise.
    companyId: pg.uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    ...askedBy(),
    status: pg.text('status', { enum: quoteStates }).notNull().default('requested'),
    note: pg.text('note').notNull().default(''),
    shopNote: pg.text('shop_note').notNull().default(''),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }),
    quotedAt: pg.timestamp('quoted_at', { withTimezone: true }),
    quotedBy: pg.text('quoted_by'),
    decidedAt: pg.timestamp('decided_at', { withTimezone: true }),
    decidedBy: pg.text('decided_by'),
    orderId: pg.uuid('order_id'),
    ...stampsOf(),
  },
  (t) => [
    pg.check(
      'quote_status_known',
      sql`${t.status} in ('requested', 'quoted', 'accepted', 'declined')`,
    ),
    pg.index('quote_company_idx').on(t.companyId, t.createdAt),
    pg.index('quote_user_idx').on(t.userId, t.createdAt),
    pg.index('quote_created_idx').on(t.createdAt),
  ],
);

/** The parts of a quote: as asked (the price then) and, once quoted, at the shop's price. */
export const quoteLines = pg.pgTable(
  'quote_line',
  {
    quoteId: deletedWith('quote_id', () => quotes.id),
    ...partLineColumns(),
  },
  (t) => [pg.primaryKey({ columns: [t.quoteId, t.lineNo] }), ...partLineChecks('quote_line', t)],
);
