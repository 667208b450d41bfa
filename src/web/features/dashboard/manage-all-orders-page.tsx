import { DashboardPlaceholder } from './dashboard-placeholder.tsx';

// Placeholder until the admin orders feature fills this page.
export function ManageAllOrdersPage() {
  return (
    <DashboardPlaceholder
      title="Manage All Orders"
      line="Every customer's orders will appear here."
      description="Manage all ECParts orders."
    />
  );
}
