import type { UseQueryResult } from '@tanstack/react-query';
import type { BlogList } from '../../contract/blogs.ts';
import { BlogCard } from './blog-card.tsx';
import { SectionSpinner } from './page-spinner.tsx';
import { SectionError } from './section-error.tsx';

/** The blog posts in their list states; the caller owns the query, so this stays feature-free. */
export function BlogGrid({ blogs, limit }: { blogs: UseQueryResult<BlogList>; limit?: number }) {
  if (blogs.isPending) return <SectionSpinner label="Loading blog posts" />;
  if (blogs.isError) return <SectionError error={blogs.error} />;
  const posts = limit ? blogs.data.data.slice(0, limit) : blogs.data.data;
  if (posts.length === 0) return <p className="py-6 text-center">No blog posts yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {posts.map((blog) => (
        <li key={blog._id} className="flex">
          <BlogCard blog={blog} />
        </li>
      ))}
    </ul>
  );
}
