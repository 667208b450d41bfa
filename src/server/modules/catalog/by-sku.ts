import { sql } from 'drizzle-orm';
import type { TierCents } from '../../../contract/price-ladder.ts';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/** The products a file's lines name, by SKU (stored upper-case), with what an import compares. */
export function productsBySkus(db: Executor, skus: readonly string[]) {
  return db
    .select({
      id: products.id,
      sku: products.sku,
      stock: products.stock,
      priceCents: products.priceCents,
      tiers: products.tiers,
      moq: products.moq,
      packSize: products.packSize,
    })
    .from(products)
    .where(sql`upper(${products.sku}) = any(${sql.param([...skus])}::text[])`);
}

/** Products' list prices and ladders, as a prices import sets them: one statement a batch. */
export async function setListPrices(
  tx: Executor,
  ladders: readonly { id: string; tiers: readonly TierCents[] }[],
) {
  if (ladders.length === 0) return;
  const rows = ladders.map(({ id, tiers }) => ({ id, price_cents: tiers[0]?.priceCents, tiers }));
  await tx.execute(sql`
    update product p set price_cents = v.price_cents, tiers = v.tiers, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id uuid, price_cents integer, tiers jsonb)
    where p.id = v.id`);
}

/**
 * The products a products file's lines name, by SKU: the fields a line can set, and only those
 * (a whole row carries its search text and facet values too, a third of the time of a batch).
 */
export function productRowsBySkus(db: Executor, skus: readonly string[]) {
  return db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      tiers: products.tiers,
      moq: products.moq,
      packSize: products.packSize,
      weightGrams: products.weightGrams,
      imageUrl: products.imageUrl,
      brandId: products.brandId,
      categoryId: products.categoryId,
      familyId: products.familyId,
      mpn: products.mpn,
      gtin: products.gtin,
      bin: products.bin,
      attributes: products.attributes,
    })
    .from(products)
    .where(sql`upper(${products.sku}) = any(${sql.param([...skus])}::text[])`);
}

/** Which SKU holds each of these GTINs (compared as GTIN-14, as the unique index does). */
export async function gtinHolders(db: Executor, gtins: readonly string[]) {
  if (gtins.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ gtin: sql<string>`lpad(${products.gtin}, 14, '0')`, sku: products.sku })
    .from(products)
    .where(
      sql`lpad(${products.gtin}, 14, '0') = any(${sql.param(gtins.map((g) => g.padStart(14, '0')))}::text[])`,
    );
  return new Map(rows.map((r) => [r.gtin, r.sku.toUpperCase()]));
}

/** Which SKU holds each brand's MPN (compared as the unique index does: letters and digits). */
export async function mpnHolders(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, string>();
  const key = sql`upper(regexp_replace(${products.mpn}, '[^A-Za-z0-9]', '', 'g'))`;
  const rows = await db
    .select({ brandId: products.brandId, key: sql<string>`${key}`, sku: products.sku })
    .from(products)
    .where(sql`${key} = any(${sql.param([...keys])}::text[])`);
  return new Map(rows.map((r) => [`${r.brandId ?? ''}/${r.key}`, r.sku.toUpperCase()]));
}

/** Whole product rows by id (an import's batch, as its webhook events answer them). */
export function productRowsByIds(db: Executor, ids: readonly string[]) {
  return db
    .select()
    .from(products)
    .where(sql`${products.id} = any(${sql.param([...ids])}::uuid[])`);
}
