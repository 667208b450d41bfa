import { DashboardPlaceholder } from './dashboard-placeholder.tsx';

// Placeholder until the orders feature fills this page.
export function MyOrdersPage() {
  return (
    <DashboardPlaceholder
      title="My Orders"
      line="Your orders will appear here."
      description="Your ECParts orders and their payment status."
    />
  );
}
