import { DashboardPlaceholder } from './dashboard-placeholder.tsx';

// Placeholder until the reviews feature fills this page.
export function MyReviewPage() {
  return (
    <DashboardPlaceholder
      title="My Review"
      line="You will be able to review the shop here."
      description="Review ECParts."
    />
  );
}
