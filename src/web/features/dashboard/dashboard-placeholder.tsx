import { PageMeta } from '../../lib/page-meta.tsx';

/** A dashboard page whose feature lands in a later release: its title and one honest line. */
export function DashboardPlaceholder({
  title,
  line,
  description,
}: {
  title: string;
  line: string;
  description: string;
}) {
  return (
    <section>
      <PageMeta title={title} description={description} />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-base-content/80">{line}</p>
    </section>
  );
}
