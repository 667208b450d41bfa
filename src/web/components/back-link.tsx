import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back from a page that showed nothing to read ("Back to the shop"). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="btn btn-outline btn-primary">
      <ArrowLeft size={18} aria-hidden="true" />
      {children}
    </Link>
  );
}
