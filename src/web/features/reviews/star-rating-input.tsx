import { Star } from 'lucide-react';
import type { Ref } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

type Props = {
  id: string;
  /** The radios' name in a form posted without script (the id when not given). */
  name?: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  /** The radio that Tab would reach; the form moves focus here when the rating is missing. */
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
};

/**
 * A rating from 1 to 5 as a group of five radio buttons drawn as stars: Tab reaches the
 * group, arrow keys change the rating, and each star is named ("3 stars").
 */
export function StarRatingInput({
  id,
  name = id,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
}: Props) {
  const errorId = `${id}-error`;
  // Tab enters a radio group on its checked radio, or on the first when none is checked.
  const tabStop = value ?? STARS[0];
  return (
    <fieldset
      role="radiogroup"
      aria-required="true"
      className="flex flex-col gap-1"
      aria-describedby={error ? errorId : `${id}-status`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 font-medium">Rating</legend>
      <div className="flex gap-1">
        {STARS.map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-box p-1 text-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
          >
            <input
              ref={n === tabStop ? inputRef : undefined}
              type="radio"
              name={name}
              value={n}
              required
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              className="sr-only"
            />
            <Star
              size={32}
              fill={value !== undefined && n <= value ? 'currentColor' : 'none'}
              aria-hidden="true"
            />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : (
        <p id={`${id}-status`} className="text-sm text-base-content/70">
          {value ? `${value} out of 5` : 'Choose from 1 to 5 stars'}
        </p>
      )}
    </fieldset>
  );
}
