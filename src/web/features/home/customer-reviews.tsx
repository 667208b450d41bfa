import { lazy, Suspense } from 'react';
import { WhenVisible } from '../../components/when-visible.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { useReviews } from '../reviews/api.ts';
import { HomeSection } from './home-section.tsx';

const ReviewsCarousel = lazy(() =>
  import('../reviews/reviews-carousel.tsx').then((m) => ({ default: m.ReviewsCarousel })),
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
        <WhenVisible fallback={<SectionSpinner label="Loading reviews" />}>
          <Suspense fallback={<SectionSpinner label="Loading reviews" />}>
            <ReviewsCarousel reviews={reviews.data.data} />
          </Suspense>
        </WhenVisible>
      )}
    </HomeSection>
  );
}
