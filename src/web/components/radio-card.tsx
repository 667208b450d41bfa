import type { ReactNode } from 'react';

/**
 * One choice drawn as a card: the radio, then what it stands for. A disabled one is shown but
 * cannot be chosen; `describedBy` names what says why.
 */
export function RadioCard({
  name,
  value,
  checked,
  disabled = false,
  describedBy,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex items-start gap-3 rounded-box border border-base-300 p-3 ${disabled ? 'cursor-not-allowed bg-base-200/60' : 'cursor-pointer has-checked:border-primary has-checked:bg-primary/5'}`}
    >
      <input
        type="radio"
        className="radio mt-0.5 radio-sm radio-primary"
        name={name}
        value={value}
        defaultChecked={checked && !disabled}
        disabled={disabled}
        aria-describedby={describedBy}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">{children}</span>
    </label>
  );
}
