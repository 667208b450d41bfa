import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { PageMeta } from '../../lib/page-meta.tsx';

/** What a signed-in customer sees on an admin page (RequireAdmin). */
export function AdminsOnlyPage() {
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <PageMeta title="Admins only" description="This page is for ECParts admins." />
      <ShieldX className="h-12 w-12 text-error" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Admins only</h1>
      <p className="max-w-md">
        This page is for the shop&apos;s admins, and your account is not an admin account.
      </p>
      <Link to={sitePaths.dashboard} className="btn btn-primary">
        Back to your dashboard
      </Link>
    </section>
  );
}
