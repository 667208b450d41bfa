import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta, type PageMetaProps } from '../lib/page-meta.tsx';

/**
 * A page's title, the browser tab's (`meta`) and its h1, with a link to a related page beside
 * the h1 (the cart and quick order link each other).
 */
export function PageTitleBar({
  meta,
  title = meta.title,
  link,
}: {
  meta: PageMetaProps;
  /** The h1, where it says more than the tab's title. */
  title?: string;
  link: { to: string; label: string; icon: LucideIcon };
}) {
  const Icon = link.icon;
  return (
    <>
      <PageMeta {...meta} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{title}</h1>
        <Link to={link.to} className="btn btn-outline btn-sm">
          <Icon size={16} aria-hidden="true" />
          {link.label}
        </Link>
      </div>
    </>
  );
}
