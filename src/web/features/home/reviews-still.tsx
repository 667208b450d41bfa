import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Review } from '../../../contract/reviews.ts';
import { ReviewCard } from './review-card.tsx';

export const reviewArrowClass =
  'btn btn-circle btn-ghost shrink-0 text-primary disabled:bg-transparent';

/**
 * The carousel's first view without Swiper: its arrows and the first reviews in a row, as many
 * as the carousel shows at that width (1, 2 from 768px, 3 from 1024px), 20px apart. The server
 * sends it, and it stays until the carousel is scrolled near (see WhenNear).
 */
export function ReviewsStill({ reviews }: { reviews: Review[] }) {
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={reviewArrowClass} aria-label="Previous reviews" disabled>
        <ChevronLeft size={28} aria-hidden="true" />
      </button>
      <div className="flex min-w-0 flex-1 gap-5 overflow-hidden px-1 pt-1 pb-12">
        {reviews.map((review) => (
          <div
            key={review._id}
            className="shrink-0 basis-full md:basis-[calc((100%-20px)/2)] lg:basis-[calc((100%-40px)/3)]"
          >
            <ReviewCard review={review} />
          </div>
        ))}
      </div>
      <button type="button" className={reviewArrowClass} aria-label="Next reviews" disabled>
        <ChevronRight size={28} aria-hidden="true" />
      </button>
    </div>
  );
}
