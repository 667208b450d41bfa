import { Suspense, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageSpinner } from '../page-spinner.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

/** The page frame; `signedInActions` goes to the navbar (see Navbar). */
export function RootLayout({ signedInActions }: { signedInActions?: ReactNode }) {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:p-2">
        Skip to content
      </a>
      <Navbar signedInActions={signedInActions} />
      {navigation.state === 'loading' && (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary"
          aria-hidden="true"
        />
      )}
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
