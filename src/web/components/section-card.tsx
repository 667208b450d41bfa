import { useId, type ReactNode } from 'react';

/**
 * One titled part of a dashboard page drawn as a card (a quote's notes, a company's terms, a
 * part of Admin Settings): its heading names the section for assistive technology.
 */
export function SectionCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  /** A line under the heading: what the part is for. */
  description?: string;
  /** A button beside the heading (Admin Settings' "Add …"). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = (
    <div>
      <h2 id={headingId} className="card-title text-lg">
        {title}
      </h2>
      {description && <p className="text-sm text-base-content/80">{description}</p>}
    </div>
  );
  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        {action ? (
          <div className="flex flex-wrap items-start justify-between gap-3">
            {heading}
            {action}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </section>
  );
}
