// First: it configures zod before any schema in the app is used.
import './lib/zod-jitless.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from './components/toaster.tsx';
import { queryClient } from './lib/query-client.ts';
import { router } from './router.tsx';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (phones: Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
});
