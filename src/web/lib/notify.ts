import { useSyncExternalStore } from 'react';

// react-toastify is loaded on the first toast, not with the first paint.
let wanted = false;
const listeners = new Set<() => void>();
const toastify = () => import('react-toastify');

/** Shows a toast; the toast container mounts itself the first time one is asked for. */
export function notify(kind: 'success' | 'error' | 'info', message: string) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void toastify().then(({ toast }) => toast[kind](message));
}

export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}
