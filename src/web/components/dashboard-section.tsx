import type { ReactNode } from 'react';
import { PageMeta } from '../lib/page-meta.tsx';

/** A page of the dashboard: its title names the browser tab and heads the page. */
export function DashboardSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-6">
      <PageMeta title={title} description={description} />
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </section>
  );
}
