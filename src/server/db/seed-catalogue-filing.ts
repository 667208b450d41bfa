import { randomUUID } from 'node:crypto';
import { inArray, or, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { catalogueAttributes } from './demo-catalogue/attributes.ts';
import { catalogueBrands } from './demo-catalogue/brands.ts';
import { must } from './demo-catalogue/catalogue.ts';
import { catalogueCategories } from './demo-catalogue/categories.ts';
import { attributeCategories, attributes, brands, categories } from './schema.ts';

// The demo catalogue's filing, written where the database lacks it: its categories, its brands
// (an admin's own of the same name or slug kept) and its attributes.

/** Every category's id by slug, making those the database does not have yet (one insert). */
export async function fileCategories(tx: Executor) {
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
export async function fileBrands(tx: Executor) {
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
export async function fileAttributes(tx: Executor, categoryIds: Map<string, string>) {
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
