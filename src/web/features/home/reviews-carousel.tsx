import { ChevronLeft, ChevronRight } from 'lucide-react';
import { A11y, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { CSSProperties } from 'react';
import type { Review } from '../../../contract/reviews.ts';
import { ReviewCard } from './review-card.tsx';
import { reviewArrowClass as arrowClass } from './reviews-still.tsx';

// Bullets of 24px (a target a finger can hit) drawn as Swiper's 8px dot: see styles.css.
const swiperTheme = {
  '--swiper-theme-color': '#c2410c',
  '--swiper-pagination-bullet-size': '24px',
  '--swiper-pagination-bullet-horizontal-gap': '2px',
} as CSSProperties;

export function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={`reviews-prev ${arrowClass}`} aria-label="Previous reviews">
        <ChevronLeft size={28} aria-hidden="true" />
      </button>
      <Swiper
        modules={[Navigation, Pagination, A11y]}
        spaceBetween={20}
        slidesPerView={1}
        breakpoints={{ 768: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
        navigation={{ prevEl: '.reviews-prev', nextEl: '.reviews-next', addIcons: false }}
        pagination={{ clickable: true }}
        a11y={{
          containerMessage: 'Customer reviews',
          prevSlideMessage: 'Previous reviews',
          nextSlideMessage: 'Next reviews',
        }}
        style={swiperTheme}
        className="min-w-0 flex-1 px-1! pt-1! pb-12!"
      >
        {reviews.map((review) => (
          <SwiperSlide key={review._id} className="h-auto!">
            <ReviewCard review={review} />
          </SwiperSlide>
        ))}
      </Swiper>
      <button type="button" className={`reviews-next ${arrowClass}`} aria-label="Next reviews">
        <ChevronRight size={28} aria-hidden="true" />
      </button>
    </div>
  );
}
