import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { stampsOf } from './columns.ts';
import { users } from './auth.ts';
import { companies } from './companies.ts';
import type { AddressCopy } from './orders.ts';

// Delivery: where orders go, what shipping and tax cost, and the shop's own details.

/**
 * An address book's entry. Its owner is an account, or a company (whose members share it):
 * exactly one of the two. An account's own addresses go with it; a company's stay when the
 * member who added one leaves.
 */
export const addresses = pg.pgTable(
  'address',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: pg.text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: pg.uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    // Who added it (a company's address outlives the member's account, so no reference).
    createdBy: pg.text('created_by').notNull().default(''),
    label: pg.text('label').notNull().default(''),
    company: pg.text('company').notNull().default(''),
    name: pg.text('name').notNull(),
    line1: pg.text('line1').notNull(),
    line2: pg.text('line2').notNull().default(''),
    city: pg.text('city').notNull(),
    region: pg.text('region').notNull().default(''),
    postalCode: pg.text('postal_code').notNull().default(''),
    // ISO 3166-1 alpha-2.
    country: pg.text('country').notNull(),
    phone: pg.text('phone').notNull().default(''),
    isDefaultShipping: pg.boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: pg.boolean('is_default_billing').notNull().default(false),
    ...stampsOf(),
  },
  (t) => [
    pg.check('address_one_owner', sql`(${t.userId} is null) <> (${t.companyId} is null)`),
    pg.index('address_user_idx').on(t.userId, t.createdAt),
    pg.index('address_company_idx').on(t.companyId, t.createdAt),
    // At most one default of each kind per owner, whatever two requests do at once.
    pg
      .uniqueIndex('address_default_shipping_idx')
      .on(t.userId)
      .where(sql`${t.isDefaultShipping}`),
    pg
      .uniqueIndex('address_default_billing_idx')
      .on(t.userId)
      .where(sql`${t.isDefaultBilling}`),
    pg
      .uniqueIndex('address_company_default_shipping_idx')
      .on(t.companyId)
      .where(sql`${t.isDefaultShipping}`),
    pg
      .uniqueIndex('address_company_default_billing_idx')
      .on(t.companyId)
      .where(sql`${t.isDefaultBilling}`),
  ],
);

/**
 * A shipping rate in cents: flat, or by weight bands ascending in upToGrams, with a price for
 * each kg above the last band when the method carries heavier orders (absent in rows of before).
 */
export type ShippingRateCents =
  | { kind: 'flat'; priceCents: number }
  | {
      kind: 'weight';
      bands: { upToGrams: number; priceCents: number }[];
      perKgAboveCents?: number | null;
    };

export const shippingMethods = pg.pgTable(
  'shipping_method',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    name: pg.text('name').notNull(),
    // ISO codes served, or ['*'] for every country.
    countries: pg.text('countries').array().notNull(),
    rate: pg.jsonb('rate').$type<ShippingRateCents>().notNull(),
    freeOverCents: pg.integer('free_over_cents'),
    // Free over the amount only up to this weight; null: whatever the weight (issue 34).
    freeOverUpToGrams: pg.integer('free_over_up_to_grams'),
    deliveryMinDays: pg.integer('delivery_min_days').notNull(),
    deliveryMaxDays: pg.integer('delivery_max_days').notNull(),
    ...stampsOf(),
  },
  (t) => [
    pg.check(
      'shipping_method_days',
      sql`${t.deliveryMinDays} >= 0 and ${t.deliveryMaxDays} >= ${t.deliveryMinDays}`,
    ),
    pg.check(
      'shipping_method_free_over',
      sql`${t.freeOverCents} is null or ${t.freeOverCents} >= 0`,
    ),
    pg.check(
      'shipping_method_free_over_weight',
      sql`${t.freeOverUpToGrams} is null or (${t.freeOverUpToGrams} > 0 and ${t.freeOverCents} is not null)`,
    ),
  ],
);

/** Tax by destination: a country's rate, or a region's, which wins over its country's. */
export const taxRates = pg.pgTable(
  'tax_rate',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    country: pg.text('country').notNull(),
    // '' for the whole country.
    region: pg.text('region').notNull().default(''),
    // Percent × 1000: 20.5% is 20500.
    rateMilli: pg.integer('rate_milli').notNull(),
    name: pg.text('name').notNull(),
    ...stampsOf(),
  },
  (t) => [
    pg.uniqueIndex('tax_rate_place_idx').on(t.country, t.region),
    pg.check('tax_rate_range', sql`${t.rateMilli} >= 0 and ${t.rateMilli} <= 100000`),
  ],
);

/** The seller's details printed on invoices: one row. */
export const shopSettings = pg.pgTable(
  'shop_settings',
  {
    id: pg.integer('id').primaryKey().default(1),
    legalName: pg.text('legal_name').notNull(),
    address: pg.jsonb('address').$type<AddressCopy>().notNull(),
    vatId: pg.text('vat_id').notNull().default(''),
    invoicePrefix: pg.text('invoice_prefix').notNull(),
    creditNotePrefix: pg.text('credit_note_prefix').notNull(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.check('shop_settings_one_row', sql`${t.id} = 1`)],
);

/** An account's tax details: company and VAT ID (its own), tax exemption (set by an admin). */
export const accountTax = pg.pgTable('account_tax', {
  userId: pg
    .text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: pg.text('company_name').notNull().default(''),
  vatId: pg.text('vat_id').notNull().default(''),
  // Confirmed registered (by an admin, or by VIES): only then is an EU order reverse charged. A
  // new VAT ID starts unverified.
  vatIdVerified: pg.boolean('vat_id_verified').notNull().default(false),
  taxExempt: pg.boolean('tax_exempt').notNull().default(false),
  exemptCertificate: pg.text('exempt_certificate'),
  updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number given to an invoice or a credit note in a year. Taken by an upsert in the
 * transaction that records the payment or the cancellation: the row stays locked until it
 * commits, and a rollback gives the number back, so numbers have no gap and no duplicate.
 */
export const documentCounters = pg.pgTable(
  'document_counter',
  {
    kind: pg.text('kind', { enum: ['invoice', 'credit_note', 'return'] }).notNull(),
    year: pg.integer('year').notNull(),
    last: pg.integer('last').notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.kind, t.year] })],
);
