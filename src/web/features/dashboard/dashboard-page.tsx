import { RequireAuth } from '../../components/require-auth.tsx';

export function DashboardPage() {
  return <RequireAuth>{null}</RequireAuth>;
}
