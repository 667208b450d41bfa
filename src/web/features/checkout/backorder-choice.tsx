import type { DeliveryEstimate } from '../../../contract/order-totals.ts';

type Lines = DeliveryEstimate['lines'];

const pieces = (lines: Lines, of: 'reserved' | 'backordered') =>
  lines
    .filter((line) => line[of] > 0)
    .map((line) => `${line[of]} × ${line.name}`)
    .join(', ');

/**
 * What ships now and what later, when some lines are beyond the stock of parts that allow
 * backorders, and the buyer's choice: what is in stock now and the rest when it arrives, or
 * everything together. Radios, so a post without script sends the choice too.
 */
export function BackorderChoice({
  lines,
  together,
  onChange,
}: {
  lines: Lines;
  together: boolean;
  onChange: (together: boolean) => void;
}) {
  if (!lines.some((line) => line.backordered > 0)) return null;
  const now = pieces(lines, 'reserved');
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-3">
      <legend className="fieldset-legend">When it ships</legend>
      <p className="text-sm">
        {now ? `In stock now: ${now}. ` : 'Nothing of it is in stock now. '}
        On backorder, shipped when it arrives: {pieces(lines, 'backordered')}.
      </p>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="radio"
          className="radio radio-sm"
          name="shipTogether"
          value="now"
          checked={!together}
          onChange={() => onChange(false)}
        />
        <span>Ship what is in stock now, the rest when it arrives</span>
      </label>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="radio"
          className="radio radio-sm"
          name="shipTogether"
          value="together"
          checked={together}
          onChange={() => onChange(true)}
        />
        <span>Ship together, once everything is in</span>
      </label>
    </fieldset>
  );
}
