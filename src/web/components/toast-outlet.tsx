import { useEffect } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import { showToastsWith } from '../lib/notify.ts';

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
      release = showToastsWith(({ kind, message }) => toast[kind](message));
    });
    return () => {
      clearTimeout(timer);
      release?.();
    };
  }, []);
  return <ToastContainer position="top-right" autoClose={5000} theme="light" />;
}
