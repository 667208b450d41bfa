import { PageMeta } from '../../lib/page-meta.tsx';
import { useSession } from '../../lib/session.ts';
import { ReviewForm } from './review-form.tsx';

export function MyReviewPage() {
  // RequireAuth above the dashboard guarantees a user once the session has loaded.
  const { user } = useSession();
  return (
    <section className="flex flex-col gap-6">
      <PageMeta title="My Review" description="Tell other bike shops what you think of ECParts." />
      <h1 className="text-2xl font-bold">My Review</h1>
      {user && <ReviewForm user={user} />}
    </section>
  );
}
