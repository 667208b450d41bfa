import type { ReactNode } from 'react';

/**
 * Wide tables scroll sideways on phones. The scrolling box is focusable and named, so
 * keyboard users can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
    >
      {children}
    </div>
  );
}
