import { useSyncExternalStore } from 'react';

// react-toastify is loaded on the first toast, not with the first paint (docs/decisions/0003).
/** `action`: one button in the toast, such as "View cart" after something was added. */
export type ToastAction = { label: string; run: () => void };
export type Toast = { kind: 'success' | 'error' | 'info'; message: string; action?: ToastAction };

let wanted = false;
const listeners = new Set<() => void>();
// Toasts asked for before a container could take them. react-toastify keeps such a queue
// too, but hands it to the first container that subscribes: a container mounted twice (React
// StrictMode's trial mount) dropped the first toast of every page load with that first copy.
const waiting: Toast[] = [];
let show: ((toast: Toast) => void) | null = null;

/** Shows a toast; the toast container mounts itself the first time one is asked for. */
export function notify(kind: Toast['kind'], message: string, action?: ToastAction) {
  if (show) return show({ kind, message, action });
  waiting.push({ kind, message, action });
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

/**
 * Called by the mounted toast container: shows the toasts that waited for it, then every
 * later one at once. The returned function gives the job back when the container goes.
 */
export function showToastsWith(next: (toast: Toast) => void) {
  show = next;
  waiting.splice(0).forEach(next);
  return () => {
    if (show === next) show = null;
  };
}

export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    // No toast is ever asked for while the server renders, nor before hydration.
    () => false,
  );
}
