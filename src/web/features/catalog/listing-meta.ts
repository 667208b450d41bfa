import type { ToolList } from '../../../contract/catalog-list.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import type { ShopQuery } from './shop-query.ts';

// What a category's or a brand's page says about itself to search engines and link previews.

export const categoryPath = (slug: string) => toPath(sitePaths.category, { slug });
export const brandPath = (slug: string) => toPath(sitePaths.brand, { slug });

/** "Chains: 31 parts from Shimano, SRAM and KMC, sold in bulk from 10 pieces." */
export function listDescription(name: string, list: ToolList | undefined, fixedBrand = false) {
  if (!list || list.total === 0)
    return `${name} at ECParts: bicycle parts sold in bulk from 10 pieces.`;
  const leading = fixedBrand ? list.facets.categories : list.facets.brands;
  const names = [...leading]
    .sort((a, b) => b.count - a.count)
    .slice(0, 3)
    .map((entry) => entry.name);
  const joined =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  const parts = list.total === 1 ? '1 part' : `${groupDigits(list.total)} parts`;
  const which = !joined ? '' : fixedBrand ? ` (${joined.toLowerCase()})` : ` from ${joined}`;
  return `${name}: ${parts}${which}, sold in bulk from 10 pieces.`;
}

/**
 * The page's canonical address: the page itself unfiltered. A search, a filter or another order
 * points at the plain page; another page of the plain list is a page of its own.
 */
export const canonicalOf = (path: string, { page }: ShopQuery, narrowed: boolean) =>
  narrowed || page <= 1 ? path : `${path}?page=${page}`;
