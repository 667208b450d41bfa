import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server's HTML is being hydrated (and on the server), true once the app runs
 * the page: the first render matches what the server drew, the next draws what needs script
 * (a dialog's button in place of a plain form's Apply). A page opened later by the app's own
 * navigation is true from its first render.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
