import { Link } from 'react-router';
import type { Blog } from '../../contract/blogs.ts';
import { sitePaths, toPath } from '../../contract/site-paths.ts';

export function BlogCard({ blog }: { blog: Blog }) {
  const headingId = `blog-${blog._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="card h-full w-full border border-base-300 bg-base-100 shadow-sm"
    >
      <figure>
        <img
          src={blog.img}
          alt=""
          width={600}
          height={340}
          loading="lazy"
          decoding="async"
          className="h-auto w-full object-cover"
        />
      </figure>
      <div className="card-body">
        <h3 id={headingId} className="card-title">
          {blog.title}
        </h3>
        <p className="line-clamp-3">{blog.desc}</p>
        <div className="card-actions mt-2 justify-end">
          <Link
            to={toPath(sitePaths.blogDetail, { blogsid: blog._id })}
            className="btn btn-primary btn-sm"
            aria-label={`Read More: ${blog.title}`}
          >
            Read More
            {/* Link text that names its target, for search engines as for screen readers. */}
            <span className="sr-only">: {blog.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
