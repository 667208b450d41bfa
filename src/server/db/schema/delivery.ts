import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
export const addresses = pgTable(
  'address',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    // Who added it (a company's address outlives the member's account, so no reference).
    createdBy: text('created_by').notNull().default(''),
    label: text('label').notNull().default(''),
    company: text('company').notNull().default(''),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    // ISO 3166-1 alpha-2.
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    ...stampsOf(),
  },
  (t) => [
    check('address_one_owner', sql`(${t.userId} is null) <> (${t.companyId} is null)`),
    index('address_user_idx').on(t.userId, t.createdAt),
    index('address_company_idx').on(t.companyId, t.createdAt),
    // At most one default of each kind per owner, whatever two requests do at once.
    uniqueIndex('address_default_shipping_idx')
      .on(t.userId)
      .where(sql`${t.isDefaultShipping}`),
    uniqueIndex('address_default_billing_idx')
      .on(t.userId)
      .where(sql`${t.isDefaultBilling}`),
    uniqueIndex('address_company_default_shipping_idx')
      .on(t.companyId)
      .where(sql`${t.isDefaultShipping}`),
    uniqueIndex('address_company_default_billing_idx')
      .on(t.companyId)
      .where(sql`${t.isDefaultBilling}`),
  ],
);

/** A shipping rate in cents: flat, or by weight bands ascending in upToGrams. */
export type ShippingRateCents =
  | { kind: 'flat'; priceCents: number }
  | { kind: 'weight'; bands: { upToGrams: number; priceCents: number }[] };

export const shippingMethods = pgTable(
  'shipping_method',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // ISO codes served, or ['*'] for every country.
    countries: text('countries').array().notNull(),
    rate: jsonb('rate').$type<ShippingRateCents>().notNull(),
    freeOverCents: integer('free_over_cents'),
    deliveryMinDays: integer('delivery_min_days').notNull(),
    deliveryMaxDays: integer('delivery_max_days').notNull(),
    ...stampsOf(),
  },
  (t) => [
    check(
      'shipping_method_days',
      sql`${t.deliveryMinDays} >= 0 and ${t.deliveryMaxDays} >= ${t.deliveryMinDays}`,
    ),
    check('shipping_method_free_over', sql`${t.freeOverCents} is null or ${t.freeOverCents} >= 0`),
  ],
);

/** Tax by destination: a country's rate, or a region's, which wins over its country's. */
export const taxRates = pgTable(
  'tax_rate',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    // '' for the whole country.
    region: text('region').notNull().default(''),
    // Percent × 1000: 20.5% is 20500.
    rateMilli: integer('rate_milli').notNull(),
    name: text('name').notNull(),
    ...stampsOf(),
  },
  (t) => [
    uniqueIndex('tax_rate_place_idx').on(t.country, t.region),
    check('tax_rate_range', sql`${t.rateMilli} >= 0 and ${t.rateMilli} <= 100000`),
  ],
);

/** The seller's details printed on invoices: one row. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    address: jsonb('address').$type<AddressCopy>().notNull(),
    vatId: text('vat_id').notNull().default(''),
    invoicePrefix: text('invoice_prefix').notNull(),
    creditNotePrefix: text('credit_note_prefix').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);

/** An account's tax details: company and VAT ID (its own), tax exemption (set by an admin). */
export const accountTax = pgTable('account_tax', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull().default(''),
  vatId: text('vat_id').notNull().default(''),
  // Confirmed registered (by an admin, or by VIES): only then is an EU order reverse charged. A
  // new VAT ID starts unverified.
  vatIdVerified: boolean('vat_id_verified').notNull().default(false),
  taxExempt: boolean('tax_exempt').notNull().default(false),
  exemptCertificate: text('exempt_certificate'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number given to an invoice or a credit note in a year. Taken by an upsert in the
 * transaction that records the payment or the cancellation: the row stays locked until it
 * commits, and a rollback gives the number back, so numbers have no gap and no duplicate.
 */
export const documentCounters = pgTable(
  'document_counter',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);
