import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export const blogKeys = {
  all: ['blogs'] as const,
  detail: (id: string) => ['blogs', 'detail', id] as const,
};

export const fetchBlogs = (signal?: AbortSignal) => call('GET /api/blogs', { signal });
export const fetchBlog = (id: string, signal?: AbortSignal) =>
  call('GET /api/blogs/:id', { params: { id }, signal });

export const blogsQuery = () =>
  queryOptions({ queryKey: blogKeys.all, queryFn: ({ signal }) => fetchBlogs(signal) });
export const blogQuery = (id: string) =>
  queryOptions({
    queryKey: blogKeys.detail(id),
    queryFn: ({ signal }) => fetchBlog(id, signal),
    // A post the server found missing stays "not found" when the page hydrates, as its HTML
    // says: retrying on mount would draw it as loading, on the server and in the browser.
    retryOnMount: false,
  });

export const useBlogs = () => useQuery(blogsQuery());
export const useBlog = (id: string) => useQuery(blogQuery(id));
