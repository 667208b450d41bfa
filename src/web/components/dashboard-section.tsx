import type { ReactNode } from 'react';
import { PageHeading } from './page-heading.tsx';

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
      <PageHeading title={title} description={description} className="text-2xl font-bold" />
      {children}
    </section>
  );
}
