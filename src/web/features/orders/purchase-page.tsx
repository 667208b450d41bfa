import { RequireAuth } from '../../components/require-auth.tsx';

export function PurchasePage() {
  return <RequireAuth>{null}</RequireAuth>;
}
