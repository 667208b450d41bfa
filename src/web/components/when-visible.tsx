import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { isServerRendered } from '../lib/server-rendered.ts';
import { SectionSpinner } from './page-spinner.tsx';

/** Calls `run` once the page has loaded and the browser has a moment to spare. */
function afterLoadWhenIdle(run: () => void) {
  let cancel = () => {};
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: 2000 });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(run, 200);
      cancel = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancel();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}

/** Sets `near` once the element comes within `rootMargin` of the viewport. */
function useNearViewport(
  ref: RefObject<HTMLElement | null>,
  rootMargin: string,
  near: boolean,
  setNear: (near: true) => void,
) {
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, rootMargin, setNear]);
}

/**
 * Renders its children once the spot scrolls near the viewport, or once the page has loaded
 * and the browser is idle, whichever comes first: below-the-fold widgets load their code after
 * the first paint, not during it, and are still all there without scrolling a moment later.
 * A page the server rendered has them from the start (their code then loads while hydrating).
 */
export function WhenVisible({
  children,
  fallback,
  rootMargin = '400px',
}: {
  children: ReactNode;
  fallback: ReactNode;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // On the server (no IntersectionObserver) and when hydrating its HTML, the section is there at
  // once: crawlers, link previews and scripts-off visitors see every section.
  const [visible, setVisible] = useState(
    () => typeof IntersectionObserver === 'undefined' || isServerRendered(),
  );

  useNearViewport(ref, rootMargin, visible, setVisible);
  useEffect(() => {
    if (visible) return;
    return afterLoadWhenIdle(() => setVisible(true));
  }, [visible]);

  return <div ref={ref}>{visible ? children : fallback}</div>;
}

/**
 * A section whose code is loaded lazily (React.lazy) as `WhenVisible` decides, with a spinner
 * until it is there.
 */
export function LoadWhenVisible({ label, children }: { label: string; children: ReactNode }) {
  const spinner = <SectionSpinner label={label} />;
  return (
    <WhenVisible fallback={spinner}>
      <Suspense fallback={spinner}>{children}</Suspense>
    </WhenVisible>
  );
}

/**
 * Shows `still`, a widget's content drawn without its code, until the spot comes near the
 * viewport; then the widget itself (`children`), whose code may load lazily behind the same
 * still. The server renders the still and the browser hydrates it as it is, so the content is
 * in the page at once and a visitor who never scrolls there never runs the widget's code.
 */
export function WhenNear({
  still,
  children,
  rootMargin = '400px',
}: {
  still: ReactNode;
  children: ReactNode;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useNearViewport(ref, rootMargin, near, setNear);

  return <div ref={ref}>{near ? <Suspense fallback={still}>{children}</Suspense> : still}</div>;
}
