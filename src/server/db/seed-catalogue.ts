import { sql } from 'drizzle-orm';
import { facetValuesOf } from '../../contract/taxonomy.ts';
import type { Executor } from './client.ts';
import { insertDemoProducts } from './demo-products.ts';
import { families, products, searchSynonyms } from './schema.ts';
import { catalogueSynonyms } from './demo-catalogue/attributes.ts';
import { demoCatalogue, mpnKey, must } from './demo-catalogue/catalogue.ts';
import { fileAttributes, fileBrands, fileCategories } from './seed-catalogue-filing.ts';

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
