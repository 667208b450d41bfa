/**
 * Facts as label and value, two columns wide and four from the sm width (a company's details,
 * an order's account details). A long value wraps anywhere rather than widen the page.
 */
export function FactGrid({
  facts,
  label,
  className,
}: {
  facts: [label: string, value: string][];
  /** The list's accessible name, where the heading above does not give it one. */
  label?: string;
  /** Its spacing, and a box around it if it has one. */
  className: string;
}) {
  return (
    <dl
      aria-label={label}
      className={`grid grid-cols-[auto_1fr] sm:grid-cols-[auto_1fr_auto_1fr] ${className}`}
    >
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-base-content/80">{term}</dt>
          <dd className="min-w-0 font-medium wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
