import type { ButtonHTMLAttributes } from 'react';

const spinnerSize = { xs: 'loading-xs', sm: 'loading-sm' } as const;

/**
 * A button whose request is running: it spins and refuses clicks until the answer comes,
 * and says it is busy to screen readers.
 */
export function BusyButton({
  pending,
  spinner = 'sm',
  type = 'button',
  disabled,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  pending: boolean;
  /** The spinner's size: xs beside a small button's text. */
  spinner?: keyof typeof spinnerSize;
  type?: 'button' | 'submit';
}) {
  return (
    <button type={type} disabled={pending || disabled} aria-busy={pending || undefined} {...button}>
      {pending && (
        <span className={`loading loading-spinner ${spinnerSize[spinner]}`} aria-hidden="true" />
      )}
      {children}
    </button>
  );
}
