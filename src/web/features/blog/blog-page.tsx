import type { LoaderFunctionArgs } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { JsonLd } from '../../lib/json-ld.tsx';
import { ensureAll, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { breadcrumbList } from '../../lib/structured-data.ts';
import { BlogGrid } from '../../components/blog-grid.tsx';
import { blogsQuery, useBlogs } from './api.ts';
import { QaCard } from './qa-card.tsx';
import { qaCards } from './qa-content.ts';

export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureAll(page, [blogsQuery(page.call)]);
}

export function BlogPage() {
  const blogs = useBlogs();
  const origin = useSiteOrigin();
  return (
    <div className="flex flex-col gap-12 py-10">
      <PageMeta
        title="Blog"
        description="Questions and answers about React and testing, and the latest posts from the ECParts workshop."
      />
      <JsonLd
        data={breadcrumbList(origin, [
          { name: 'Home', path: sitePaths.home },
          { name: 'Blog', path: sitePaths.blog },
        ])}
      />
      <header>
        <h1 className="text-3xl font-bold">Welcome to my Blogs</h1>
        <p className="mt-2">Short answers to questions I get asked about building web apps.</p>
      </header>
      <section aria-labelledby="qa-heading">
        <h2 id="qa-heading" className="mb-6 text-2xl font-bold">
          Questions and answers
        </h2>
        <ul className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {qaCards.map((card) => (
            <li key={card.id}>
              <QaCard card={card} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="latest-posts">
        <h2 id="latest-posts" className="mb-6 text-2xl font-bold">
          Latest posts
        </h2>
        <BlogGrid blogs={blogs} />
      </section>
    </div>
  );
}
