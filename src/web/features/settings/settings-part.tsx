import { useId, type ReactNode } from 'react';

/** One part of Admin Settings: its heading, what it is for, its Add button and its list. */
export function SettingsPart({
  title,
  description,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="card-title">
              {title}
            </h2>
            <p className="text-sm text-base-content/80">{description}</p>
          </div>
          <button type="button" className="btn btn-primary btn-sm" onClick={onAdd}>
            {addLabel}
          </button>
        </div>
        {children}
      </div>
    </section>
  );
}
