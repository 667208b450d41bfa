import { DashboardPlaceholder } from './dashboard-placeholder.tsx';

// Placeholder until the catalogue admin feature fills this page.
export function AddProductPage() {
  return (
    <DashboardPlaceholder
      title="Add New Product"
      line="The form to add a product to the shop will appear here."
      description="Add a product to the ECParts catalogue."
    />
  );
}
