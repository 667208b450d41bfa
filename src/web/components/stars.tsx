import { Star } from 'lucide-react';

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars, the first `rating` filled; drawn only, the text beside them says the rating. */
export function Stars({ rating, size }: { rating: number; size: number }) {
  return (
    <span className="flex text-primary" aria-hidden="true">
      {STARS.map((n) => (
        <Star key={n} size={size} fill={n <= rating ? 'currentColor' : 'none'} />
      ))}
    </span>
  );
}
