import { slugOf } from '../../../contract/taxonomy.ts';
import type { Executor } from '../../db/client.ts';
import { attributeCategories, attributes, brands, categories, families } from '../../db/schema.ts';

// The catalogue's filing as an import reads it: names (a file writes "Shimano", not an id),
// category paths, and the attributes each category may carry, all in memory, since a file of
// 100,000 lines asks the same questions over and over.

export type ImportFiling = Awaited<ReturnType<typeof readImportFiling>>;
export type AttributeDefinition = typeof attributes.$inferSelect;

const lower = (s: string) => s.trim().toLowerCase();
/** A path as a key: its names, lower-case, joined. */
export const pathKey = (names: readonly string[]) => names.map(lower).join('\u0000');

export async function readImportFiling(db: Executor) {
  const [brandRows, categoryRows, familyRows, attributeRows, links] = await Promise.all([
    db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands),
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        parentId: categories.parentId,
      })
      .from(categories),
    db.select({ id: families.id, name: families.name, axes: families.axes }).from(families),
    db.select().from(attributes),
    db.select().from(attributeCategories),
  ]);
  const byId = new Map(categoryRows.map((c) => [c.id, c]));
  const pathOf = (id: string) => {
    const names: string[] = [];
    for (
      let at = byId.get(id), depth = 0;
      at && depth < 16;
      at = byId.get(at.parentId ?? ''), depth++
    ) {
      names.unshift(at.name);
    }
    return names;
  };
  const attributeById = new Map(attributeRows.map((a) => [a.id, a]));
  const ownKeys = new Map<string, Set<string>>();
  for (const link of links) {
    const key = attributeById.get(link.attributeId)?.key;
    if (!key) continue;
    const keys = ownKeys.get(link.categoryId) ?? new Set<string>();
    keys.add(key);
    ownKeys.set(link.categoryId, keys);
  }
  return {
    brandByName: new Map(brandRows.map((b) => [lower(b.name), b])),
    brandById: new Map(brandRows.map((b) => [b.id, b])),
    brandSlugs: new Set(brandRows.map((b) => b.slug)),
    categoryByPath: new Map(categoryRows.map((c) => [pathKey(pathOf(c.id)), c])),
    categorySlugs: new Set(categoryRows.map((c) => c.slug)),
    pathOf,
    familyByName: new Map(familyRows.map((f) => [lower(f.name), f])),
    familyById: new Map(familyRows.map((f) => [f.id, f])),
    attributeByKey: new Map(attributeRows.map((a) => [a.key, a])),
    /** The attribute keys a product in this category may carry: its own and its parents'. */
    keysOf(categoryId: string | null) {
      const keys = new Set<string>();
      for (
        let at = categoryId ? byId.get(categoryId) : undefined, depth = 0;
        at && depth < 16;
        at = byId.get(at.parentId ?? ''), depth++
      ) {
        for (const key of ownKeys.get(at.id) ?? []) keys.add(key);
      }
      return keys;
    },
  };
}

/** A slug none of `taken` is: the name's, else with the parent's in front, else numbered. */
export function freeSlug(name: string, parentName: string | undefined, taken: Set<string>) {
  const base = slugOf(name) || 'category';
  const candidates = [base, parentName ? `${slugOf(parentName)}-${base}` : base];
  for (let n = 2; ; n++) {
    const slug = candidates.shift() ?? `${base}-${n}`;
    if (!taken.has(slug)) {
      taken.add(slug);
      return slug;
    }
  }
}

export async function insertBrand(tx: Executor, name: string, taken: Set<string>) {
  const [row] = await tx
    .insert(brands)
    .values({ name: name.trim(), slug: freeSlug(name, undefined, taken) })
    .returning({ id: brands.id, name: brands.name, slug: brands.slug });
  return row!;
}

export async function insertCategory(
  tx: Executor,
  values: { name: string; parentId: string | null; parentName?: string },
  taken: Set<string>,
) {
  const [row] = await tx
    .insert(categories)
    .values({
      name: values.name.trim(),
      parentId: values.parentId,
      slug: freeSlug(values.name, values.parentName, taken),
    })
    .returning({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
    });
  return row!;
}
