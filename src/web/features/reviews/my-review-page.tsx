import { sitePaths } from '../../../contract/site-paths.ts';
import { formAction } from '../../lib/form-action.ts';
import { useSession } from '../../lib/session.ts';
import { ReviewForm } from './review-form.tsx';
import { reviewRule } from './use-add-review.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';

/** A review sent before the script took over: added, and the page says so as the app does. */
export const action = formAction(
  reviewRule,
  () => ({ to: sitePaths.myReview, toast: { kind: 'success', message: 'Add Review Success' } }),
  { signedIn: true },
);

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
