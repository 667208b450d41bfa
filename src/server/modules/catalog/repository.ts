import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { families, products } from '../../db/schema.ts';

export type ProductRow = typeof products.$inferSelect;

export async function findProduct(db: Executor, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** The product holding a GTIN in any of its lengths, or this brand's MPN in any spelling. */
export async function findProductByCode(
  db: Executor,
  code: { gtin: string } | { brandId: string; mpn: string },
) {
  const where =
    'gtin' in code
      ? sql`lpad(${products.gtin}, 14, '0') = lpad(${code.gtin}, 14, '0')`
      : sql`${products.brandId} = ${code.brandId} and ${mpnKey(sql`${products.mpn}`)} = ${mpnKeyOf(code.mpn)}`;
  const [row] = await db.select().from(products).where(where);
  return row;
}

/** An MPN as its indexes compare it: letters and digits only, upper-cased. */
export const mpnKey = (mpn: SQL) => sql`upper(regexp_replace(${mpn}, '[^A-Za-z0-9]', '', 'g'))`;
export const mpnKeyOf = (mpn: string) => mpn.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** The product holding a SKU, whatever its case (the unique index is on upper(sku)). */
export async function findProductBySku(db: Executor, sku: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(sql`upper(${products.sku}) = ${sku.toUpperCase()}`);
  return row;
}

/** A family and its variants, in SKU order. */
export async function readFamily(db: Executor, id: string) {
  const [family] = await db.select().from(families).where(eq(families.id, id));
  if (!family) return undefined;
  const variants = await db
    .select({
      id: products.id,
      sku: products.sku,
      attributes: products.attributes,
      priceCents: products.priceCents,
      tiers: products.tiers,
      moq: products.moq,
      packSize: products.packSize,
      stock: products.stock,
      backorderAllowed: products.backorderAllowed,
    })
    .from(products)
    .where(eq(products.familyId, id))
    .orderBy(asc(products.sku));
  return { ...family, variants };
}

/** What an edit may write. Not the stock: that moves only through the ledger (stock/ledger.ts). */
export type ProductWrite = Partial<
  Pick<
    ProductRow,
    | 'sku'
    | 'name'
    | 'description'
    | 'priceCents'
    | 'moq'
    | 'packSize'
    | 'tiers'
    | 'imageUrl'
    | 'weightGrams'
    | 'brandId'
    | 'categoryId'
    | 'familyId'
    | 'mpn'
    | 'gtin'
    | 'attributes'
    | 'facetValues'
  >
>;

/**
 * What only an edit writes (PATCH /tools/{id}): whether and when a part may be backordered, and
 * its warehouse bin.
 */
export type BackorderWrite = Partial<
  Pick<ProductRow, 'backorderAllowed' | 'backorderExpectedAt' | 'bin'>
>;

/** Writes a new product with no stock: the ledger gives it its first (an `opening` move). */
export async function insertProduct(tx: Executor, values: Required<ProductWrite>) {
  const [inserted] = await tx
    .insert(products)
    .values({ ...values, stock: 0 })
    .returning({ id: products.id });
  return inserted!.id;
}

/** What an import's batch writes of each product: every field a file can set, its bin too. */
export type BatchProductWrite = Required<ProductWrite> & Pick<ProductRow, 'bin'>;

/**
 * Writes new products with no stock (the column's default), in one statement: the batch as
 * one JSON text.
 */
export async function insertProducts(tx: Executor, values: readonly BatchProductWrite[]) {
  if (values.length === 0) return [];
  const result = await tx.execute(sql`
    insert into product (sku, name, description, price_cents, moq, pack_size, tiers,
      image_url, weight_grams, brand_id, category_id, family_id, mpn, gtin, bin, attributes,
      facet_values)
    select v.sku, v.name, v.description, v.price_cents, v.moq, v.pack_size, v.tiers,
      v.image_url, v.weight_grams, v.brand_id, v.category_id, v.family_id, v.mpn, v.gtin,
      v.bin, v.attributes, array(select jsonb_array_elements_text(v.facet_values))
    from jsonb_to_recordset(${JSON.stringify(values.map(productRecord))}::jsonb) as v(
      sku text, name text, description text, price_cents integer, moq integer,
      pack_size integer, tiers jsonb, image_url text, weight_grams integer, brand_id uuid,
      category_id uuid, family_id uuid, mpn text, gtin text, bin text, attributes jsonb,
      facet_values jsonb
    )
    returning id`);
  return rawRows<{ id: string }>(result).map((r) => r.id);
}

/** A product's fields as the batch statements read them from JSON. */
const productRecord = (w: Omit<BatchProductWrite, 'sku'> & { sku?: string; id?: string }) => ({
  id: w.id,
  sku: w.sku,
  name: w.name,
  description: w.description,
  price_cents: w.priceCents,
  moq: w.moq,
  pack_size: w.packSize,
  tiers: w.tiers,
  image_url: w.imageUrl,
  weight_grams: w.weightGrams,
  brand_id: w.brandId,
  category_id: w.categoryId,
  family_id: w.familyId,
  mpn: w.mpn,
  gtin: w.gtin,
  bin: w.bin,
  attributes: w.attributes,
  facet_values: w.facetValues,
});

/**
 * Rewrites many products' fields in one statement (an import's batch): each row's values as
 * JSON, laid over its product by id.
 */
export async function updateProducts(
  tx: Executor,
  writes: readonly (Omit<BatchProductWrite, 'sku'> & { id: string })[],
) {
  if (writes.length === 0) return;
  await tx.execute(sql`
    update product p set
      name = v.name, description = v.description, price_cents = v.price_cents,
      moq = v.moq, pack_size = v.pack_size, tiers = v.tiers, image_url = v.image_url,
      weight_grams = v.weight_grams, brand_id = v.brand_id, category_id = v.category_id,
      family_id = v.family_id, mpn = v.mpn, gtin = v.gtin, bin = v.bin, attributes = v.attributes,
      facet_values = array(select jsonb_array_elements_text(v.facet_values)),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(writes.map(productRecord))}::jsonb) as v(
      id uuid, name text, description text, price_cents integer, moq integer,
      pack_size integer, tiers jsonb, image_url text, weight_grams integer, brand_id uuid,
      category_id uuid, family_id uuid, mpn text, gtin text, bin text, attributes jsonb,
      facet_values jsonb
    )
    where p.id = v.id`);
}

/**
 * The product, locked against other writes (another edit, a checkout reserving its stock)
 * until the transaction ends, so what an edit merges onto is what it replaces. The lock an
 * UPDATE takes anyway, taken before reading: it waits for reservations of this product, yet
 * lets cart and order lines that merely point at it be written meanwhile.
 */
export async function lockProductForEdit(tx: Executor, id: string) {
  const [current] = await tx
    .select()
    .from(products)
    .where(eq(products.id, id))
    .for('no key update');
  return current;
}

export async function updateProduct(
  tx: Executor,
  id: string,
  write: ProductWrite & BackorderWrite,
) {
  const [row] = await tx
    .update(products)
    .set({ ...write, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row;
}

/**
 * Locks the product for its delete. Every order placement takes a lock on its row before it
 * reserves, so an order placed meanwhile is either committed before this returns, or waits and
 * then finds the product gone. False when there is no such product.
 */
export async function lockProductForDelete(tx: Executor, id: string) {
  const [locked] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return locked !== undefined;
}

export async function deleteProduct(tx: Executor, id: string) {
  const [row] = await tx.delete(products).where(eq(products.id, id)).returning();
  return row;
}

/** What ordering reads of each product: its rules, its ladder and its stock. */
const orderingColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  stock: products.stock,
  moq: products.moq,
  packSize: products.packSize,
  tiers: products.tiers,
  // The cart's weight picks a shipping band.
  weightGrams: products.weightGrams,
  // A line beyond the stock is backordered where the part allows it.
  backorderAllowed: products.backorderAllowed,
};

export type OrderingProduct = { [K in keyof typeof orderingColumns]: ProductRow[K] };

/**
 * Locks these products until the transaction ends, always in id order: two checkouts over
 * overlapping products then queue one behind the other instead of deadlocking.
 */
export async function lockProducts(tx: Executor, ids: string[]): Promise<OrderingProduct[]> {
  if (ids.length === 0) return [];
  return (
    tx
      .select(orderingColumns)
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      // Not FOR UPDATE: a cart line's foreign key takes a KEY SHARE lock on its product, and a
      // stock change must not wait for (or deadlock with) a customer editing their cart.
      .for('no key update')
  );
}

/** Products whose picture is still an http(s) link to another host, oldest first. */
export function productsWithOutsidePictures(db: Executor) {
  return db
    .select({ id: products.id, sku: products.sku, imageUrl: products.imageUrl })
    .from(products)
    .where(sql`${products.imageUrl} ~* '^https?://'`)
    .orderBy(products.createdAt, products.id);
}
