import { lazy } from 'react';
import { Link } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { LoadWhenVisible } from '../../components/when-visible.tsx';
import { HomeSection } from './home-section.tsx';

// Below the fold: the grid's code and its list come once the section nears the viewport.
const LatestBlogs = lazy(() =>
  import('./latest-blogs.tsx').then((m) => ({ default: m.LatestBlogs })),
);

export function HomeBlogs() {
  return (
    <HomeSection id="blogs" title="Blogs" intro="Workshop know-how from our mechanics.">
      <LoadWhenVisible label="Loading blog posts">
        <LatestBlogs limit={6} />
      </LoadWhenVisible>
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
