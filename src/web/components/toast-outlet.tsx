import { useEffect, useState, useSyncExternalStore } from 'react';
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
  const phone = useSyncExternalStore(watchPhone, isPhone, () => false);
  const navbarBottom = useNavbarBottom();
  // Never over the navbar, where the cart and the account menu are: under it and centred on a
  // wide screen; on a phone (where react-toastify spans the width) at the bottom of the screen.
  return phone ? (
    <ToastContainer position="bottom-center" autoClose={5000} theme="light" />
  ) : (
    <ToastContainer
      position="top-center"
      autoClose={5000}
      theme="light"
      style={{ top: navbarBottom + TOAST_GAP }}
    />
  );
}

const TOAST_GAP = 8;

// react-toastify's own breakpoint for full-width toasts.
const PHONE = '(max-width: 480px)';
const isPhone = () => window.matchMedia(PHONE).matches;
function watchPhone(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** How far down the page's sticky navbar reaches; it grows when its menu opens or it wraps. */
function useNavbarBottom() {
  const [bottom, setBottom] = useState(64);
  useEffect(() => {
    const header = document.querySelector('nav[aria-label="Main"]')?.closest('header');
    if (!header) return;
    const measure = () => setBottom(Math.max(0, header.getBoundingClientRect().bottom));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    // Scrolling moves a header that is not yet stuck to the top.
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', measure);
    };
  }, []);
  return bottom;
}
