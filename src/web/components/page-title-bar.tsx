import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

/** A page's h1 with a link to a related page beside it (the cart and quick order link each other). */
export function PageTitleBar({
  title,
  link,
}: {
  title: string;
  link: { to: string; label: string; icon: LucideIcon };
}) {
  const Icon = link.icon;
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-3xl font-bold">{title}</h1>
      <Link to={link.to} className="btn btn-outline btn-sm">
        <Icon size={16} aria-hidden="true" />
        {link.label}
      </Link>
    </div>
  );
}
