import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attribute, Category } from '../../../contract/taxonomy.ts';
import { call } from '../../lib/api-client.ts';

// What the product forms file a part under: brands, the category tree and families, read as
// anyone reads them (the shop's pages share the first two keys).

const FIVE_MINUTES = 5 * 60_000;

export const brandsQuery = () =>
  queryOptions({
    queryKey: ['brands'] as const,
    queryFn: ({ signal }) => call('GET /api/brands', { signal }),
    staleTime: FIVE_MINUTES,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) => call('GET /api/categories', { signal }),
    staleTime: FIVE_MINUTES,
  });

export const familiesQuery = () =>
  queryOptions({
    queryKey: ['families'] as const,
    queryFn: ({ signal }) => call('GET /api/families', { signal }),
    staleTime: FIVE_MINUTES,
  });

export const useBrands = () => useQuery(brandsQuery());
export const useCategories = () => useQuery(categoriesQuery());
export const useFamilies = () => useQuery(familiesQuery());

/**
 * The tree in reading order (each category under its parent, by position, then name), each
 * with its path from the top: "Wheels & tyres › Tyres › MTB tyres".
 */
export function categoryOptions(categories: readonly Category[]) {
  const children = new Map<string | null, Category[]>();
  for (const category of categories) {
    const siblings = children.get(category.parentId) ?? [];
    siblings.push(category);
    children.set(category.parentId, siblings);
  }
  const options: { id: string; path: string }[] = [];
  const walk = (parentId: string | null, above: string[], depth: number) => {
    // The tree is four deep at most; the bound only guards against a loop in bad data.
    if (depth > 10) return;
    const level = [...(children.get(parentId) ?? [])].sort(
      (a, b) => a.position - b.position || a.name.localeCompare(b.name),
    );
    for (const category of level) {
      const path = [...above, category.name];
      options.push({ id: category._id, path: path.join(' › ') });
      walk(category._id, path, depth + 1);
    }
  };
  walk(null, [], 0);
  return options;
}

/** The attributes a part in this category carries: the category's own and those above it. */
export function attributesOfCategory(
  categoryId: string | null | undefined,
  categories: readonly Category[],
  attributes: readonly Attribute[],
) {
  if (!categoryId) return [];
  const byId = new Map(categories.map((category) => [category._id, category]));
  const chain = new Set<string>();
  for (let at = byId.get(categoryId); at && chain.size < 10;) {
    chain.add(at._id);
    at = at.parentId ? byId.get(at.parentId) : undefined;
  }
  return attributes.filter((attribute) => attribute.categoryIds.some((id) => chain.has(id)));
}
