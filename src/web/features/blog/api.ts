import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Call } from '../../lib/api-client.ts';

export const blogKeys = {
  all: ['blogs'] as const,
  detail: (id: string) => ['blogs', 'detail', id] as const,
};

export const fetchBlogs = (signal?: AbortSignal, via = call) => via('GET /api/blogs', { signal });
export const fetchBlog = (id: string, signal?: AbortSignal, via = call) =>
  via('GET /api/blogs/:id', { params: { id }, signal });

/** `via`: a loader's own calls (lib/page-context.ts); the browser's by default. */
export const blogsQuery = (via: Call = call) =>
  queryOptions({ queryKey: blogKeys.all, queryFn: ({ signal }) => fetchBlogs(signal, via) });
export const blogQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: blogKeys.detail(id),
    queryFn: ({ signal }) => fetchBlog(id, signal, via),
    // A post the server found missing stays "not found" when the page hydrates, as its HTML
    // says: retrying on mount would draw it as loading, on the server and in the browser.
    retryOnMount: false,
  });

export const useBlogs = () => useQuery(blogsQuery());
export const useBlog = (id: string) => useQuery(blogQuery(id));
