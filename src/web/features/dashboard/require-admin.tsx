import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useIsAdmin } from '../auth/api.ts';
import { useSession } from '../../lib/session.ts';
import { AdminsOnlyPage } from './admins-only-page.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';

/**
 * Admin pages refuse non-admins in the client too (the server refuses their calls anyway).
 * Sits inside RequireAuth, so a user is always present here.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const admin = useIsAdmin(user?.email);
  if (admin.isPending) return <SectionSpinner label="Checking your access" />;
  if (admin.isError) {
    return (
      <div role="alert" className="py-10 text-center">
        <p className="text-error">We could not check your access: {admin.error.message}</p>
        <button
          type="button"
          className="btn btn-sm btn-primary mt-4"
          onClick={() => admin.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (!admin.data.admin) return <AdminsOnlyPage />;
  return children;
}

/** The router's layout route for the admin pages of the dashboard. */
export function RequireAdminOutlet() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
