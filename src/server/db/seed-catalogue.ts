import { randomUUID } from 'node:crypto';
import { inArray, or, sql } from 'drizzle-orm';
import { facetValuesOf } from '../../contract/taxonomy.ts';
import type { Executor } from './client.ts';
import { insertDemoProducts } from './demo-products.ts';
import {
  attributeCategories,
  attributes,
  brands,
  categories,
  families,
  products,
  searchSynonyms,
} from './schema.ts';
import { catalogueAttributes, catalogueSynonyms } from './demo-catalogue/attributes.ts';
import { catalogueBrands } from './demo-catalogue/brands.ts';
import { demoCatalogue, mpnKey, must } from './demo-catalogue/catalogue.ts';
import { catalogueCategories } from './demo-catalogue/categories.ts';

/** Every category's id by slug, making those the database does not have yet (one insert). */
async function fileCategories(tx: Executor) {
  const slugs = catalogueCategories.map((c) => c.slug);
  const found = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  const ids = new Map(found.map((c) => [c.slug, c.id]));
  const missing = catalogueCategories.filter((c) => !ids.has(c.slug));
  for (const c of missing) ids.set(c.slug, randomUUID());
  const positions = new Map<string, number>();
  if (missing.length > 0) {
    // Parents come before their children in the table, so one statement can insert them all.
    await tx.insert(categories).values(
      catalogueCategories.flatMap((c) => {
        const under = c.parent ?? '';
        const position = positions.get(under) ?? 0;
        positions.set(under, position + 1);
        if (found.some((f) => f.slug === c.slug)) return [];
        return [
          {
            id: must(ids.get(c.slug), c.slug),
            slug: c.slug,
            name: c.name,
            parentId: c.parent ? must(ids.get(c.parent), c.parent) : null,
            position,
          },
        ];
      }),
    );
  }
  return ids;
}

/** Every brand's id by slug; a brand an admin made already (same slug or name) is kept. */
async function fileBrands(tx: Executor) {
  const names = catalogueBrands.map((b) => b.name.toLowerCase());
  const rows = () =>
    tx
      .select({ id: brands.id, slug: brands.slug, name: brands.name })
      .from(brands)
      .where(
        or(
          inArray(
            brands.slug,
            catalogueBrands.map((b) => b.slug),
          ),
          inArray(sql`lower(${brands.name})`, names),
        ),
      );
  const idOf = (found: { id: string; slug: string; name: string }[]) =>
    new Map(
      catalogueBrands.flatMap((b) => {
        const row = found.find(
          (f) => f.slug === b.slug || f.name.toLowerCase() === b.name.toLowerCase(),
        );
        return row ? [[b.slug, row.id] as const] : [];
      }),
    );
  const before = idOf(await rows());
  const missing = catalogueBrands.filter((b) => !before.has(b.slug));
  if (missing.length === 0) return before;
  await tx
    .insert(brands)
    .values(missing.map((b) => ({ slug: b.slug, name: b.name })))
    .onConflictDoNothing();
  return idOf(await rows());
}

/** The attributes by key, attached to their categories. */
async function fileAttributes(tx: Executor, categoryIds: Map<string, string>) {
  const keys = catalogueAttributes.map((a) => a.key);
  const found = await tx
    .select({ id: attributes.id, key: attributes.key })
    .from(attributes)
    .where(inArray(attributes.key, keys));
  const missing = catalogueAttributes.filter((a) => !found.some((f) => f.key === a.key));
  const made =
    missing.length === 0
      ? []
      : await tx
          .insert(attributes)
          .values(
            missing.map((a) => ({
              key: a.key,
              label: a.label,
              type: a.type,
              unit: a.unit ?? null,
              multi: a.multi ?? false,
              values: a.values ?? [],
            })),
          )
          .onConflictDoNothing()
          .returning({ id: attributes.id, key: attributes.key });
  const ids = new Map([...found, ...made].map((a) => [a.key, a.id]));
  await tx
    .insert(attributeCategories)
    .values(
      catalogueAttributes.flatMap((a) => {
        const attributeId = ids.get(a.key);
        if (!attributeId) return [];
        return a.categories.map((slug) => ({
          attributeId,
          categoryId: must(categoryIds.get(slug), `category ${slug}`),
        }));
      }),
    )
    .onConflictDoNothing();
}

/**
 * The demo wholesaler's catalogue, in the demo seed's transaction: brands, the category tree,
 * attributes, families, synonyms, the parts (their opening stock through the ledger) and the
 * spec's demo products filed under a brand and a category. A database in use keeps what it
 * has: brands, categories and attributes of the same slug or key are used as they are, a part
 * whose SKU, GTIN or brand and MPN is taken already is left out, and a demo product an admin
 * filed or took away is left as it is. A few statements, whatever the size.
 */
export async function seedCatalogueDemo(tx: Executor) {
  const catalogue = demoCatalogue();
  const categoryIds = await fileCategories(tx);
  const brandIds = await fileBrands(tx);
  await fileAttributes(tx, categoryIds);
  await tx
    .insert(searchSynonyms)
    .values(catalogueSynonyms.map(([term, means]) => ({ term, means })))
    .onConflictDoNothing();
  const familyIds = (
    await tx
      .insert(families)
      .values(catalogue.families.map((f) => ({ name: f.name, axes: f.axes })))
      .returning({ id: families.id })
  ).map((f) => f.id);

  // After the spec's products (seed.ts gives them the last 15 minutes), a part every few hours
  // over the last two months.
  const inserted = await insertDemoProducts(
    tx,
    catalogue.parts.map((p) => ({
      sku: p.sku,
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      moq: p.moq,
      packSize: p.packSize,
      tiers: p.tiers,
      stock: p.stock,
      imageUrl: p.imageUrl,
      weightGrams: p.weightGrams,
      brandId: must(brandIds.get(p.brand), `brand ${p.brand}`),
      categoryId: must(categoryIds.get(p.category), `category ${p.category}`),
      familyId: p.family === undefined ? null : must(familyIds[p.family], 'family'),
      mpn: p.mpn,
      gtin: p.gtin,
      attributes: p.attributes,
      facetValues: facetValuesOf(p.attributes),
    })),
    (i) => 30 + i * 211,
  );

  // The spec's products, filed in one statement, each where nobody has filed it since and no
  // other part has taken its GTIN or its MPN.
  const filing = catalogue.filed.map((f) => ({
    sku: f.sku,
    brand_id: must(brandIds.get(f.brand), `brand ${f.brand}`),
    category_id: must(categoryIds.get(f.category), `category ${f.category}`),
    mpn: f.mpn,
    mpn_key: mpnKey(f.mpn),
    gtin: f.gtin,
    attributes: f.attributes,
    facet_values: facetValuesOf(f.attributes),
  }));
  await tx.execute(sql`
    update ${products} p
    set brand_id = f.brand_id, category_id = f.category_id, mpn = f.mpn, gtin = f.gtin,
      attributes = f.attributes, facet_values = f.facet_values
    from jsonb_to_recordset(${JSON.stringify(filing)}::jsonb) as f(sku text, brand_id uuid,
      category_id uuid, mpn text, mpn_key text, gtin text, attributes jsonb, facet_values text[])
    where p.sku = f.sku and p.brand_id is null and p.category_id is null and p.mpn is null
      and p.gtin is null
      and not exists (
        select 1 from ${products} o
        where lpad(o.gtin, 14, '0') = lpad(f.gtin, 14, '0')
          or (o.brand_id = f.brand_id
            and upper(regexp_replace(o.mpn, '[^A-Za-z0-9]', '', 'g')) = f.mpn_key))`);
  return { parts: inserted.size, families: familyIds.length };
}
