import { useEffect } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import { showToastsWith, type ToastAction } from '../lib/notify.ts';

/** A toast's text with its one button, which also closes the toast. */
const withAction =
  (message: string, action: ToastAction) =>
  ({ closeToast }: { closeToast: () => void }) => (
    <div className="flex flex-col items-start gap-2">
      <span>{message}</span>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        onClick={() => {
          action.run();
          closeToast();
        }}
      >
        {action.label}
      </button>
    </div>
  );

/**
 * react-toastify's container, loaded with the first toast. It takes toasts only once it has
 * subscribed to the library's store, in its own effect, which runs before this one. The
 * timer waits for the mount that stays: StrictMode mounts, unmounts and mounts again in
 * development, and a toast handed to the first copy would go with it.
 */
export function ToastOutlet() {
  useEffect(() => {
    let release: (() => void) | undefined;
    const timer = setTimeout(() => {
      release = showToastsWith(({ kind, message, action }) =>
        toast[kind](action ? withAction(message, action) : message),
      );
    });
    return () => {
      clearTimeout(timer);
      release?.();
    };
  }, []);
  return <ToastContainer position="top-right" autoClose={5000} theme="light" />;
}
