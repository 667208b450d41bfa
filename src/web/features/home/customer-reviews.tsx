import { lazy } from 'react';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { WhenNear } from '../../components/when-visible.tsx';
import { useReviews } from '../reviews/api.ts';
import { HomeSection } from './home-section.tsx';
import { ReviewsStill } from './reviews-still.tsx';

const ReviewsCarousel = lazy(() =>
  import('./reviews-carousel.tsx').then((m) => ({ default: m.ReviewsCarousel })),
);

export function CustomerReviews() {
  const reviews = useReviews();
  return (
    <HomeSection id="reviews" title="Customer Reviews" intro="What bike shops say about us.">
      {reviews.isPending ? (
        <SectionSpinner label="Loading reviews" />
      ) : reviews.isError ? (
        <SectionError error={reviews.error} />
      ) : reviews.data.data.length === 0 ? (
        <p className="py-6 text-center">No reviews yet.</p>
      ) : (
        // Swiper's code loads only when the reviews are scrolled near.
        <WhenNear still={<ReviewsStill reviews={reviews.data.data} />}>
          <ReviewsCarousel reviews={reviews.data.data} />
        </WhenNear>
      )}
    </HomeSection>
  );
}
