import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { stockReasons } from '../../../contract/stock.ts';
import type { TierCents } from '../../../contract/price-ladder.ts';
import type { ProductAttributes } from '../../../contract/taxonomy.ts';
import { createdAt } from './columns.ts';
import { brands, categories, families } from './taxonomy.ts';

// The catalogue: products and the stock ledger.

export const products = pg.pgTable(
  'product',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    // Kept upper-case by every write, so the unique index makes SKUs unique regardless of case.
    sku: pg.text('sku').notNull(),
    name: pg.text('name').notNull(),
    description: pg.text('description').notNull().default(''),
    // Always the first tier's price: the spec's clients read `price`.
    priceCents: pg.integer('price_cents').notNull(),
    // A new product has none: the ledger's `opening` move says so, and every change after.
    stock: pg.integer('stock').notNull().default(0),
    moq: pg.integer('moq').notNull().default(10),
    packSize: pg.integer('pack_size').notNull().default(1),
    // The price ladder in cents, ascending in minQuantity; checked by ladderProblems on write.
    tiers: pg.jsonb('tiers').$type<TierCents[]>().notNull(),
    imageUrl: pg.text('image_url').notNull(),
    // What one piece weighs; the cart's weight picks a shipping band.
    weightGrams: pg.integer('weight_grams').notNull().default(0),
    // Who makes it, and its number there: the trade finds a part by brand plus MPN, or by GTIN.
    brandId: pg.uuid('brand_id').references(() => brands.id),
    mpn: pg.text('mpn'),
    // Digits only, check digit verified on write (EAN-13, UPC-A or GTIN-14).
    gtin: pg.text('gtin'),
    categoryId: pg.uuid('category_id').references(() => categories.id),
    familyId: pg.uuid('family_id').references(() => families.id),
    // Keyed by attribute key: a value, or a list of them for a multi attribute.
    attributes: pg.jsonb('attributes').$type<ProductAttributes>().notNull().default({}),
    // `key=value` for every attribute value, kept with `attributes` by the catalogue's writes:
    // one GIN index serves every attribute filter (overlap within a facet, AND across them) and
    // the facet counts unnest it.
    facetValues: pg
      .text('facet_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Backorders (issue 34): an order line may ask for more than the stock; the rest waits for
    // a `received` movement. The expected date is only what the shop tells buyers.
    backorderAllowed: pg.boolean('backorder_allowed').notNull().default(false),
    backorderExpectedAt: pg.date('backorder_expected_at', { mode: 'string' }),
    // Where the part sits in the warehouse ("A-03-2"): the pick list walks the bins in order.
    bin: pg.text('bin'),
    createdAt: createdAt(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The table also has `search_text`, generated from name and SKU (drizzle/0016), not declared
    // here: drizzle's select() and returning() name every declared column, so each catalogue
    // read would carry it. Only the search reads it (src/server/modules/catalog/search.ts).
  },
  (t) => [
    pg.check('product_price_positive', sql`${t.priceCents} > 0`),
    pg.check('product_stock_not_negative', sql`${t.stock} >= 0`),
    pg.check('product_weight_not_negative', sql`${t.weightGrams} >= 0`),
    pg.check('product_moq_positive', sql`${t.moq} >= 1`),
    pg.check('product_moq_whole_packs', sql`${t.packSize} >= 1 and ${t.moq} % ${t.packSize} = 0`),
    pg.uniqueIndex('product_sku_idx').on(sql`upper(${t.sku})`),
    pg.index('product_name_idx').on(t.name, t.id),
    // The admin overview's parts at or under LOW_STOCK_AT, fewest first.
    pg.index('product_stock_idx').on(t.stock, t.sku),
    // One item is one GTIN whether it is written as UPC-A, EAN-13 or GTIN-14 (zero-padded).
    pg.uniqueIndex('product_gtin_idx').on(sql`lpad(${t.gtin}, 14, '0')`),
    // An MPN is unique for its brand, whatever the spaces, dashes and case it is typed with.
    pg
      .uniqueIndex('product_brand_mpn_idx')
      .on(t.brandId, sql`upper(regexp_replace(${t.mpn}, '[^A-Za-z0-9]', '', 'g'))`),
    // An MPN typed without its spaces and dashes ("cnhg70111") finds the part.
    pg
      .index('product_mpn_key_idx')
      .on(sql`upper(regexp_replace(${t.mpn}, '[^A-Za-z0-9]', '', 'g'))`),
    // Descriptions are searched too (below names and brands); made only where pg_trgm is (0018).
    pg.index('product_description_trgm_idx').using('gin', sql`lower("description") gin_trgm_ops`),
    pg.index('product_category_idx').on(t.categoryId),
    pg.index('product_brand_idx').on(t.brandId),
    pg.index('product_family_idx').on(t.familyId),
    pg.index('product_facet_values_idx').using('gin', t.facetValues),
    // `?q=` is a case-insensitive substring search, which no b-tree serves: one trigram index on
    // `search_text` (see searchText in src/server/modules/catalog/search.ts). Migration 0016
    // creates the column, and this only where the pg_trgm extension can be had (PGlite loads it).
    pg.index('product_search_text_trgm_idx').using('gin', sql`"search_text" gin_trgm_ops`),
  ],
);

/**
 * The stock ledger: every change of a product's stock is one row here, written in the same
 * transaction as the change by src/server/modules/stock/ledger.ts and nothing else, so a
 * product's stock is always the sum of its movements.
 */
export const stockMovements = pg.pgTable(
  'stock_movement',
  {
    // Ascending in the order the movements were written: newest first is id descending.
    id: pg.bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: pg
      .uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: pg.integer('delta').notNull(),
    reason: pg.text('reason', { enum: stockReasons }).notNull(),
    // The order that reserved or gave back the stock; kept after the order is deleted.
    orderId: pg.uuid('order_id'),
    // Its number, written when the order is deleted (a live order's is read from it), so the
    // ledger still names a deleted order #100001 (issue 35).
    orderNumber: pg.integer('order_number'),
    // Who moved it: an admin's or customer's account id and email, or null and a word for the
    // server itself (the expiry sweep, the seed, a migration).
    actorId: pg.text('actor_id'),
    actor: pg.text('actor').notNull(),
    note: pg.text('note'),
    stockAfter: pg.integer('stock_after').notNull(),
    at: pg.timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check('stock_movement_delta_nonzero', sql`${t.delta} <> 0 or ${t.reason} = 'opening'`),
    pg.check('stock_movement_after_not_negative', sql`${t.stockAfter} >= 0`),
    pg.check(
      'stock_movement_reason_known',
      sql`${t.reason} in ('opening', 'reserved', 'released', 'expired', 'received', 'counted', 'damaged', 'returned', 'correction')`,
    ),
    pg.index('stock_movement_product_idx').on(t.productId, t.id),
    pg.index('stock_movement_order_idx').on(t.orderId),
  ],
);
