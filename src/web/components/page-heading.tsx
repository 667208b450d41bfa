import { PageMeta } from '../lib/page-meta.tsx';

/**
 * A page's one title: it names the browser tab (with the description for search engines and
 * link previews) and heads the page as its h1.
 */
export function PageHeading({
  title,
  description,
  className = 'text-3xl font-bold',
}: {
  title: string;
  description: string;
  /** The h1's size: a shop page's by default. */
  className?: string;
}) {
  return (
    <>
      <PageMeta title={title} description={description} />
      <h1 className={className}>{title}</h1>
    </>
  );
}
