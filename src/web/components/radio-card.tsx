import type { ReactNode } from 'react';

/** One choice drawn as a card: the radio, then what it stands for. */
export function RadioCard({
  name,
  value,
  checked,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary has-checked:bg-primary/5">
      <input
        type="radio"
        className="radio mt-0.5 radio-sm radio-primary"
        name={name}
        value={value}
        defaultChecked={checked}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">{children}</span>
    </label>
  );
}
