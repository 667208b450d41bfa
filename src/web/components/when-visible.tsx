import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the spot scrolls near the viewport, so below-the-fold
 * widgets (carousel, form) load their code after the first paint, not during it.
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
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  return <div ref={ref}>{visible ? children : fallback}</div>;
}
