import { DashboardPlaceholder } from './dashboard-placeholder.tsx';

// Placeholder until the catalogue admin feature fills this page.
export function ManageProductsPage() {
  return (
    <DashboardPlaceholder
      title="Manage Products"
      line="The products of the shop, to edit or delete, will appear here."
      description="Manage the ECParts catalogue."
    />
  );
}
