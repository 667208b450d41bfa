import { Link } from 'react-router';
import type { Blog } from '../../contract/blogs.ts';
import { sitePaths, toPath } from '../../contract/site-paths.ts';
import { PictureCard } from './picture-card.tsx';

export function BlogCard({ blog }: { blog: Blog }) {
  const headingId = `blog-${blog._id}`;
  return (
    <PictureCard
      picture={{ src: blog.img, width: 600, height: 340, className: 'h-auto w-full object-cover' }}
      title={blog.title}
      headingId={headingId}
      text={blog.desc}
      clampText
    >
      <Link
        to={toPath(sitePaths.blogDetail, { blogsid: blog._id })}
        className="btn btn-primary btn-sm"
        aria-label={`Read More: ${blog.title}`}
      >
        Read More
        {/* Link text that names its target, for search engines as for screen readers. */}
        <span className="sr-only">: {blog.title}</span>
      </Link>
    </PictureCard>
  );
}
