import { reviewPreview } from '../../../contract/review-preview.ts';
import type { Review } from '../../../contract/reviews.ts';
import { ReviewFrame } from '../../components/review-frame.tsx';
import { Stars } from '../../components/stars.tsx';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <ReviewFrame name={review.name} photo={review.img}>
      <p title={review.desc}>{reviewPreview(review.desc)}</p>
      <p className="flex items-center gap-2 font-medium">
        Rating {review.rating}
        <Stars rating={review.rating} size={16} />
      </p>
    </ReviewFrame>
  );
}
