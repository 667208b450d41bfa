import type { ReactNode } from 'react';

// A list of rows the admin grows and shrinks in a form: a product's price tiers, a shipping
// method's weight bands. Each row is its fields and a Remove button; under the rows, the
// list's own error and the button that adds one.

/** One row: its two fields side by side, then Remove (named for the row). */
export function RemovableRow({
  removeLabel,
  onRemove,
  disabled,
  divided = false,
  children,
}: {
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
  /** A rule above the row, between it and the one before. */
  divided?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`grid grid-cols-[1fr_1fr_auto] items-start gap-3 ${divided ? 'border-t border-base-300 pt-3' : ''}`}
    >
      {children}
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm mt-8"
        aria-label={removeLabel}
        disabled={disabled}
        onClick={onRemove}
      >
        Remove
      </button>
    </div>
  );
}

/** Under the rows: the list's error, if any, and the button that adds a row. */
export function AddRow({
  error,
  disabled,
  onAdd,
  children,
}: {
  error: string | undefined;
  disabled: boolean;
  onAdd: () => void;
  /** What the button says ("Add a price tier"). */
  children: ReactNode;
}) {
  return (
    <>
      {error && <p className="text-sm text-error">{error}</p>}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={disabled}
          onClick={onAdd}
        >
          {children}
        </button>
      </div>
    </>
  );
}
