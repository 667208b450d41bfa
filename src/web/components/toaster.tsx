import { lazy, Suspense } from 'react';
import { useToasterWanted } from '../lib/notify.ts';

const ToastContainer = lazy(() =>
  import('react-toastify').then((m) => ({ default: m.ToastContainer })),
);

export function Toaster() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} theme="light" />
    </Suspense>
  );
}
