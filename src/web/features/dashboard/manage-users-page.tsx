import { DashboardPlaceholder } from './dashboard-placeholder.tsx';

// Placeholder until the admin users feature fills this page.
export function ManageUsersPage() {
  return (
    <DashboardPlaceholder
      title="Manage Users"
      line="The list of users, with their roles, will appear here."
      description="Manage ECParts users."
    />
  );
}
