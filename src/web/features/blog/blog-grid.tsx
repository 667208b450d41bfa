import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { useBlogs } from './api.ts';
import { BlogCard } from './blog-card.tsx';

export function BlogGrid({ limit }: { limit?: number }) {
  const blogs = useBlogs();
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
