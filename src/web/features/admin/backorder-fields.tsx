import type { BackorderInfo } from '../../../contract/catalog.ts';

/** What the edit form holds of a part's backorders: a date field is '' when empty. */
export type BackorderValues = { allowed: boolean; expectedAt: string };

export const backorderValues = (b: BackorderInfo): BackorderValues => ({
  allowed: b.allowed,
  expectedAt: b.expectedAt ?? '',
});

/** The patch's `backorder`, only when it changed. */
export function backorderChange(before: BackorderInfo, now: BackorderValues) {
  const expectedAt = now.expectedAt || null;
  return before.allowed === now.allowed && before.expectedAt === expectedAt
    ? {}
    : { backorder: { allowed: now.allowed, expectedAt } };
}

/** "Allow backorders" and "Expected date": a part ordered beyond its stock. */
export function BackorderFields({
  idPrefix,
  values,
  onChange,
}: {
  idPrefix: string;
  values: BackorderValues;
  onChange: (values: BackorderValues) => void;
}) {
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-3">
      <legend className="fieldset-legend">Backorders</legend>
      <label className="label cursor-pointer gap-2" htmlFor={`${idPrefix}-backorder-allowed`}>
        <input
          id={`${idPrefix}-backorder-allowed`}
          type="checkbox"
          className="checkbox"
          aria-describedby={`${idPrefix}-backorder-hint`}
          checked={values.allowed}
          onChange={(e) => onChange({ ...values, allowed: e.target.checked })}
        />
        <span>Allow backorders</span>
      </label>
      {/* Apart from the label: the form's "Stock" field is found by its name alone. */}
      <p id={`${idPrefix}-backorder-hint`} className="text-xs text-base-content/80">
        Orders beyond what is on the shelf wait for the next delivery.
      </p>
      <label className="label flex-col items-start gap-1" htmlFor={`${idPrefix}-backorder-date`}>
        <span>Expected date (optional)</span>
        <input
          id={`${idPrefix}-backorder-date`}
          type="date"
          className="input w-full max-w-xs"
          value={values.expectedAt}
          onChange={(e) => onChange({ ...values, expectedAt: e.target.value })}
        />
      </label>
    </fieldset>
  );
}
