import { BlogGrid } from '../../components/blog-grid.tsx';
import { useBlogs } from '../blog/api.ts';

/** The newest posts; loaded lazily with its query, so the list is asked for near the viewport. */
export function LatestBlogs({ limit }: { limit: number }) {
  const blogs = useBlogs();
  return <BlogGrid blogs={blogs} limit={limit} />;
}
