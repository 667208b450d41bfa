import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ToolList } from '../../../contract/catalog.ts';
import { api } from '../../lib/api-client.ts';

export type ToolSearch = { q?: string; page?: number; limit?: number };

export const toolKeys = {
  all: ['tools'] as const,
  list: (search: ToolSearch) => ['tools', 'list', search] as const,
  detail: (id: string) => ['tools', 'detail', id] as const,
};

const toQueryString = ({ q, page, limit }: ToolSearch) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page && page > 1) params.set('page', String(page));
  if (limit) params.set('limit', String(limit));
  const s = params.toString();
  return s ? `?${s}` : '';
};

export const fetchTools = (search: ToolSearch, signal?: AbortSignal) =>
  api<ToolList>(`/tools${toQueryString(search)}`, { signal });

export const fetchTool = (id: string, signal?: AbortSignal) =>
  api<Product>(`/tools/${encodeURIComponent(id)}`, { signal });

export const toolsQuery = (search: ToolSearch) =>
  queryOptions({
    queryKey: toolKeys.list(search),
    queryFn: ({ signal }) => fetchTools(search, signal),
    placeholderData: keepPreviousData,
  });

export const toolQuery = (id: string) =>
  queryOptions({ queryKey: toolKeys.detail(id), queryFn: ({ signal }) => fetchTool(id, signal) });

export const useTools = (search: ToolSearch) => useQuery(toolsQuery(search));
export const useTool = (id: string) => useQuery(toolQuery(id));
