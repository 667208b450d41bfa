import { useId, type ReactNode } from 'react';

/**
 * One titled part of a dashboard page drawn as a card (a quote's notes, a company's terms):
 * its heading names the section for assistive technology.
 */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  /** A line under the heading: what the part is for. */
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <div>
          <h2 id={headingId} className="card-title text-lg">
            {title}
          </h2>
          {description && <p className="text-sm text-base-content/80">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
