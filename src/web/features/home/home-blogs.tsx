import { Link } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { BlogGrid } from '../blog/blog-grid.tsx';
import { HomeSection } from './home-section.tsx';

export function HomeBlogs() {
  return (
    <HomeSection id="blogs" title="Blogs" intro="Workshop know-how from our mechanics.">
      <BlogGrid limit={6} />
      <div className="mt-8 flex justify-center">
        <Link to={sitePaths.blog} className="btn btn-outline btn-primary">
          See More
          {/* Link text that names its target, for search engines as for screen readers. */}
          <span className="sr-only"> blog posts</span>
        </Link>
      </div>
    </HomeSection>
  );
}
