import { PageHeading } from '../../components/page-heading.tsx';

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
      <PageHeading title={title} description={description} className="text-2xl font-bold" />
      <p className="mt-2 text-base-content/80">{line}</p>
    </section>
  );
}
