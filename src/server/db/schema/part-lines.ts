import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

// A part of an order or of a quote: the product as it was named and priced then. The product
// may be deleted since (its id is then null); its SKU, name and price stay on the line.

/** The columns of a part line, after the order's or the quote's own id. */
export const partLineColumns = () => ({
  lineNo: pg.integer('line_no').notNull(),
  productId: pg.uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
  sku: pg.text('sku').notNull(),
  productName: pg.text('product_name').notNull(),
  quantity: pg.integer('quantity').notNull(),
  unitPriceCents: pg.integer('unit_price_cents').notNull(),
});

/** A part is one piece or more, at a price above nothing (`<table>_quantity_positive`, …). */
export const partLineChecks = (
  table: string,
  t: { quantity: pg.AnyPgColumn; unitPriceCents: pg.AnyPgColumn },
) => [
  pg.check(`${table}_quantity_positive`, sql`${t.quantity} >= 1`),
  pg.check(`${table}_price_positive`, sql`${t.unitPriceCents} > 0`),
];
