import { Star } from 'lucide-react';
import { reviewPreview } from '../../../contract/review-preview.ts';
import type { Review } from '../../../contract/reviews.ts';

const PLACEHOLDER = '/images/avatar-placeholder.svg';
const STARS = [1, 2, 3, 4, 5];

export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        <div className="flex items-center gap-3">
          <img
            // No photo, or an empty link: the placeholder.
            src={review.img || PLACEHOLDER}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            // Some photo hosts refuse requests that carry another site as the referrer.
            referrerPolicy="no-referrer"
            className="h-12 w-12 rounded-full object-cover ring-2 ring-base-300"
            onError={(event) => {
              // A photo link that stopped working falls back to the placeholder, once.
              if (!event.currentTarget.src.endsWith(PLACEHOLDER))
                event.currentTarget.src = PLACEHOLDER;
            }}
          />
          <h3 className="card-title text-lg">{review.name}</h3>
        </div>
        <p title={review.desc}>{reviewPreview(review.desc)}</p>
        <p className="flex items-center gap-2 font-medium">
          Rating {review.rating}
          <span className="flex text-primary" aria-hidden="true">
            {STARS.map((n) => (
              <Star key={n} size={16} fill={n <= review.rating ? 'currentColor' : 'none'} />
            ))}
          </span>
        </p>
      </div>
    </article>
  );
}
