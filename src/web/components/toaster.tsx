import { lazy, Suspense } from 'react';
import { useToasterWanted } from '../lib/notify.ts';

const ToastOutlet = lazy(() =>
  import('./toast-outlet.tsx').then((m) => ({ default: m.ToastOutlet })),
);

export function Toaster() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastOutlet />
    </Suspense>
  );
}
