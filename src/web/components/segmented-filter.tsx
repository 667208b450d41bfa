import { useState } from 'react';

export type FilterOption<T extends string> = { value: T; label: string };

/** A guard for a value read from the address: one of the options, or not. */
export const isOneOf =
  <T extends string>(options: readonly FilterOption<T>[]) =>
  (value: string | null): value is T =>
    options.some((option) => option.value === value);

/**
 * One choice of a few (All, Open, Done…): a radio group drawn as joined buttons, so arrow keys
 * move between them. The choice lives in the address, which follows the click a moment later
 * (the router navigates asynchronously); until then React would put the old radio back. Local
 * state shows the choice at once, and follows the address when it changes some other way
 * (Back, a link).
 */
export function SegmentedFilter<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  wrap = false,
}: {
  legend: string;
  /** The radios' name, one per page's filter. */
  name: string;
  options: readonly FilterOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Too many choices for one row on a phone (Manage All Orders' seven). */
  wrap?: boolean;
}) {
  const [shown, setShown] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    setShown(value);
  }
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-medium">{legend}</legend>
      {/* Many choices wrap as separate buttons on a phone rather than run off its screen. */}
      <div className={wrap ? 'flex flex-wrap gap-1 sm:join sm:gap-0' : 'join'}>
        {options.map((option) => (
          <input
            key={option.value}
            type="radio"
            name={name}
            value={option.value}
            // daisyUI draws the aria-label as the button's text.
            aria-label={option.label}
            className="btn btn-sm join-item"
            checked={shown === option.value}
            onChange={() => {
              setShown(option.value);
              onChange(option.value);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
