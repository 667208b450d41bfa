import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { TierCents } from '../../../contract/price-ladder.ts';
import type { ProductAttributes } from '../../../contract/taxonomy.ts';
import type { Db } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { brands, categories, families, products } from '../../db/schema.ts';
import { EXPORT_PAGE_SIZE, type ExportWindow } from '../../lib/export-window.ts';

// The products export reads the catalogue here, a page at a time in SKU order (keyset on the
// upper-cased SKU, which the unique index keeps one per product), with each product's brand,
// family and category path by name: the cells the products import reads back.

export type ProductExportRow = {
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  tiers: TierCents[];
  moq: number;
  packSize: number;
  weightGrams: number;
  brand: string | null;
  /** The category's names from the top level down; empty when the product has none. */
  categoryPath: string[];
  mpn: string | null;
  gtin: string | null;
  bin: string | null;
  imageUrl: string;
  family: string | null;
  attributes: ProductAttributes;
};

/** Last changed within the window. */
function changedIn(window: ExportWindow): SQL[] {
  return [
    ...(window.since ? [gte(products.updatedAt, window.since)] : []),
    ...(window.before ? [lt(products.updatedAt, window.before)] : []),
  ];
}

/** The attribute keys the products in the window use, sorted: one `attr:` column each. */
export async function attributeKeysInUse(db: Db, window: ExportWindow): Promise<string[]> {
  const where = changedIn(window);
  const rows = rawRows<{ key: string }>(
    await db.execute(sql`select distinct jsonb_object_keys(${products.attributes}) as key
      from ${products} ${where.length > 0 ? sql`where ${and(...where)}` : sql``}`),
  );
  return rows.map((r) => r.key).sort();
}

/** Each category's path of names from the top; the tree is small and read once. */
async function categoryPaths(db: Db) {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<string, string[]>();
  for (const row of rows) {
    const names: string[] = [];
    // Bounded by the tree's size: a cycle (which the writes refuse) cannot loop for ever.
    for (let at = byId.get(row.id); at && names.length <= rows.length;) {
      names.unshift(at.name);
      at = at.parentId ? byId.get(at.parentId) : undefined;
    }
    paths.set(row.id, names);
  }
  return paths;
}

/** The products changed within the window, a page at a time, in SKU order. */
export async function* productExportPages(
  db: Db,
  window: ExportWindow,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ProductExportRow[]> {
  const paths = await categoryPaths(db);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        key: sql<string>`upper(${products.sku})`,
        sku: products.sku,
        name: products.name,
        description: products.description,
        priceCents: products.priceCents,
        tiers: products.tiers,
        moq: products.moq,
        packSize: products.packSize,
        weightGrams: products.weightGrams,
        brand: brands.name,
        categoryId: products.categoryId,
        mpn: products.mpn,
        gtin: products.gtin,
        bin: products.bin,
        imageUrl: products.imageUrl,
        family: families.name,
        attributes: products.attributes,
      })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(families, eq(families.id, products.familyId))
      .where(
        and(
          ...changedIn(window),
          after === undefined ? undefined : sql`upper(${products.sku}) > ${after}`,
        ),
      )
      .orderBy(sql`upper(${products.sku})`)
      .limit(pageSize);
    if (rows.length > 0) {
      yield rows.map(({ key: _key, categoryId, ...row }) => ({
        ...row,
        categoryPath: categoryId ? (paths.get(categoryId) ?? []) : [],
      }));
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.key;
  }
}
