import { sql } from 'drizzle-orm';
import { check, integer, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

// A part of an order or of a quote: the product as it was named and priced then. The product
// may be deleted since (its id is then null); its SKU, name and price stay on the line.

/** The columns of a part line, after the order's or the quote's own id. */
export const partLineColumns = () => ({
  lineNo: integer('line_no').notNull(),
  productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
  sku: text('sku').notNull(),
  productName: text('product_name').notNull(),
  quantity: integer('quantity').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
});

/** A part is one piece or more, at a price above nothing (`<table>_quantity_positive`, …). */
export const partLineChecks = (
  table: string,
  t: { quantity: AnyPgColumn; unitPriceCents: AnyPgColumn },
) => [
  check(`${table}_quantity_positive`, sql`${t.quantity} >= 1`),
  check(`${table}_price_positive`, sql`${t.unitPriceCents} > 0`),
];
