import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolListQuery } from '../../../contract/catalog-list.ts';
import { call, type Call } from '../../lib/api-client.ts';

/** Page and size may be left to the server's defaults. */
export type ToolSearch = Partial<ToolListQuery>;

export const toolKeys = {
  all: ['tools'] as const,
  list: (search: ToolSearch) => ['tools', 'list', search] as const,
  detail: (id: string) => ['tools', 'detail', id] as const,
};

/** The search, its filters (category, brand, `a.<key>`, inStock), order, page and size. */
export const fetchTools = ({ page, ...search }: ToolSearch, signal?: AbortSignal, via = call) =>
  // Page 1 is the default: left out, its address is the one the first page always had.
  via('GET /api/tools', {
    query: { ...search, page: page && page > 1 ? page : undefined },
    signal,
  });

export const fetchTool = (id: string, signal?: AbortSignal, via = call) =>
  via('GET /api/tools/:id', { params: { id }, signal });

/** `via`: a loader's own calls (lib/page-context.ts); the browser's by default. */
export const toolsQuery = (search: ToolSearch, via: Call = call) =>
  queryOptions({
    queryKey: toolKeys.list(search),
    queryFn: ({ signal }) => fetchTools(search, signal, via),
    placeholderData: keepPreviousData,
  });

export const toolQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: toolKeys.detail(id),
    queryFn: ({ signal }) => fetchTool(id, signal, via),
  });

export const useTools = (search: ToolSearch) => useQuery(toolsQuery(search));
export const useTool = (id: string) => useQuery(toolQuery(id));
