import { lazy } from 'react';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { LoadWhenVisible } from '../../components/when-visible.tsx';
import { useReviews } from '../reviews/api.ts';
import { HomeSection } from './home-section.tsx';

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
      ) : (
        <LoadWhenVisible label="Loading reviews">
          <ReviewsCarousel reviews={reviews.data.data} />
        </LoadWhenVisible>
      )}
    </HomeSection>
  );
}
