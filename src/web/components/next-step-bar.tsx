import type { ReactNode } from 'react';

/**
 * The total and the next step (the cart's Checkout, the checkout's Place order). Below lg (a
 * phone, a small tablet) a bar fixed to the bottom of the screen, so the next step is always in
 * reach however long the cart; the page's bottom is padded while it is there (styles.css), so
 * it never covers the end of the page. From lg up it stays where the page puts it: in the
 * summary column, which sticks beside the lines. One element at every width, so the button is
 * found once, by users and by tests alike.
 */
export function NextStepBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      data-next-step-bar=""
      className="flex flex-col gap-2 max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:max-h-[50vh] max-lg:overflow-y-auto max-lg:border-t max-lg:border-base-300 max-lg:bg-base-100 max-lg:px-4 max-lg:py-3 max-lg:shadow-[0_-4px_16px_rgb(0_0_0/0.12)]"
    >
      {children}
    </div>
  );
}
