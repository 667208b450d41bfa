import type { LoaderFunctionArgs } from 'react-router';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { useSession } from '../../lib/session.ts';
import { adminStatusQuery, useIsAdmin } from '../auth/api.ts';
import { AdminOverviewPage } from './admin-overview.tsx';
import { overviewQuery } from './api.ts';

/**
 * /dashboard: an admin lands on the overview (what needs doing), anyone else on My Orders. On
 * the server the overview is drawn with its figures, so it reads (chart too) without script.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  await ensureSignedIn(page, (user) => [adminStatusQuery(user.email, page.call)]);
  // Known by now on the server; in the browser the page asks for the overview itself.
  return ensureSignedIn(page, (user) =>
    page.queryClient.getQueryData(adminStatusQuery(user.email, page.call).queryKey)?.admin
      ? [overviewQuery(page.call)]
      : [],
  );
}

export function DashboardHome({ BuyerPage }: { BuyerPage: React.ComponentType }) {
  const { user } = useSession();
  const admin = useIsAdmin(user?.email);
  if (admin.isPending) return <SectionSpinner label="Loading your dashboard" />;
  return admin.data?.admin ? <AdminOverviewPage /> : <BuyerPage />;
}
