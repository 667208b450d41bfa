import { Link } from 'react-router';
import { sitePaths } from '../../contract/site-paths.ts';
import { PageMeta } from '../lib/page-meta.tsx';

export function NotFoundPage() {
  return (
    <section className="flex flex-col items-center gap-6 py-24 text-center">
      <PageMeta title="Page not found" description="This page does not exist on ECParts." noindex />
      <p className="text-7xl font-bold text-primary">404</p>
      <h1 className="text-3xl font-bold">Sorry, This page is not found!</h1>
      <Link to={sitePaths.home} className="btn btn-primary">
        Back to the home page
      </Link>
    </section>
  );
}
