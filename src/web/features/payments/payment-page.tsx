import { RequireAuth } from '../../components/require-auth.tsx';

export function PaymentPage() {
  return <RequireAuth>{null}</RequireAuth>;
}
