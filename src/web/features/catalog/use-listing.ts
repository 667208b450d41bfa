import type { UseQueryResult } from '@tanstack/react-query';
import type { ToolList } from '../../../contract/catalog-list.ts';
import { useTools } from './api.ts';
import { toolSearchOf, type Fixed, type ShopQuery } from './shop-query.ts';
import { useShopQuery } from './use-shop-query.ts';

export type Listing = {
  /** The list's own address without its query: /shop, /c/chains, /b/shimano. */
  path: string;
  fixed: Fixed;
  query: ShopQuery;
  go: (href: string, options?: { keepScroll?: boolean }) => void;
  tools: UseQueryResult<ToolList>;
};

/**
 * The list a page of the shop shows (the shop itself, a category's, a brand's): its state read
 * from the address with what the page fixes, the way to another state, and the parts it finds.
 */
export function useListing(path: string, fixed: Fixed): Listing {
  const { query, go } = useShopQuery();
  const tools = useTools(toolSearchOf(query, fixed));
  return { path, fixed, query, go, tools };
}
