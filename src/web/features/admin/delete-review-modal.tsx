import type { Review } from '../../../contract/reviews.ts';
import { notify } from '../../lib/notify.ts';
import { ConfirmModal, Details } from '../../components/confirm-modal.tsx';
import { useDeleteReview } from './reviews-api.ts';

/** The same confirmation as the spec's other deletes, naming what is about to go. */
export function DeleteReviewModal({
  review,
  onClose,
}: {
  review: Review | null;
  onClose: () => void;
}) {
  const remove = useDeleteReview();
  const mine = remove.variables === review?._id;

  const confirm = () => {
    if (!review) return;
    remove.mutate(review._id, {
      onSuccess: () => {
        notify('success', `The review by ${review.name} has been deleted.`);
        onClose();
      },
    });
  };

  return (
    <ConfirmModal
      open={review !== null}
      title="Are you sure want to delete this Review?"
      confirmLabel="Delete"
      pending={remove.isPending && mine}
      error={mine ? remove.error?.message : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      {review && (
        <Details
          rows={[
            ['Name', review.name],
            ['Rating', `${review.rating} of 5`],
            ['Review', review.desc],
          ]}
        />
      )}
    </ConfirmModal>
  );
}
