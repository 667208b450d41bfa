import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../contract/taxonomy.ts';
import { call, type Call } from '../../lib/api-client.ts';

// How the catalogue is filed, as the shop's pages read it: the category tree (a category page's
// name, breadcrumb and place) and the brands (a brand page's name).

export const taxonomyKeys = {
  categories: ['categories'] as const,
  brands: ['brands'] as const,
};

/** `via`: a loader's own calls (lib/page-context.ts); the browser's by default. */
export const categoriesQuery = (via: Call = call) =>
  queryOptions({
    queryKey: taxonomyKeys.categories,
    queryFn: ({ signal }) => via('GET /api/categories', { signal }),
    // The tree changes when an admin files the catalogue anew, rarely within a visit.
    staleTime: 5 * 60_000,
  });

export const brandsQuery = (via: Call = call) =>
  queryOptions({
    queryKey: taxonomyKeys.brands,
    queryFn: ({ signal }) => via('GET /api/brands', { signal }),
    staleTime: 5 * 60_000,
  });

export const useCategories = (enabled = true) => useQuery({ ...categoriesQuery(), enabled });
export const useBrands = (enabled = true) => useQuery({ ...brandsQuery(), enabled });

/** The categories from the top down to the one with this slug (empty when there is none). */
export function categoryTrail(categories: readonly Category[], slug: string) {
  const byId = new Map(categories.map((category) => [category._id, category]));
  const trail: Category[] = [];
  let at = categories.find((category) => category.slug === slug);
  // The tree is at most four deep; the bound only guards against a loop in bad data.
  while (at && trail.length < 10) {
    trail.unshift(at);
    at = at.parentId ? byId.get(at.parentId) : undefined;
  }
  return trail;
}
