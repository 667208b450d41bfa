import { useSession } from '../../lib/session.ts';
import { ReviewForm } from './review-form.tsx';
import { DashboardSection } from '../../components/dashboard-section.tsx';

export function MyReviewPage() {
  // RequireAuth above the dashboard guarantees a user once the session has loaded.
  const { user } = useSession();
  return (
    <DashboardSection
      title="My Review"
      description="Tell other bike shops what you think of ECParts."
    >
      {user && <ReviewForm user={user} />}
    </DashboardSection>
  );
}
