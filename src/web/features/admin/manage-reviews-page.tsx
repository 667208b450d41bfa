import { useState } from 'react';
import type { Review } from '../../../contract/reviews.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { DeleteReviewModal } from './delete-review-modal.tsx';
import { MODERATED_REVIEWS, useReviewsToModerate } from './reviews-api.ts';
import { ReviewsTable } from './reviews-table.tsx';
import { DashboardSection } from '../../components/dashboard-section.tsx';

/** Moderation: an admin removes a review (spam, abuse); the audit trail records it. */
export function ManageReviewsPage() {
  const [deleting, setDeleting] = useState<Review | null>(null);
  return (
    <DashboardSection
      title="Manage Reviews"
      description="Moderate ECParts customer reviews: read them in full and remove abuse or spam."
    >
      <ReviewList onDelete={setDeleting} />
      {/* Outside the list, so removing the last review does not pull the dialog away. */}
      <DeleteReviewModal review={deleting} onClose={() => setDeleting(null)} />
    </DashboardSection>
  );
}

function ReviewList({ onDelete }: { onDelete: (review: Review) => void }) {
  const reviews = useReviewsToModerate();
  if (reviews.isPending) return <SectionSpinner label="Loading reviews" />;
  if (reviews.isError) return <SectionError error={reviews.error} />;
  const rows = reviews.data.data;
  if (rows.length === 0) {
    return (
      <p className="rounded-box border border-base-300 bg-base-100 p-8 text-center text-lg">
        No reviews yet.
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-base-content/70" role="status">
        {rows.length === MODERATED_REVIEWS
          ? `The ${MODERATED_REVIEWS} newest reviews, newest first.`
          : `${rows.length} ${rows.length === 1 ? 'review' : 'reviews'}, newest first.`}
      </p>
      <ReviewsTable reviews={rows} onDelete={onDelete} />
    </>
  );
}
