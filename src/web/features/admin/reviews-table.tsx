import type { Review } from '../../../contract/reviews.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** Manage Reviews: No, Name, Review (the whole text, not the carousel's preview), Rating, Delete. */
export function ReviewsTable({
  reviews,
  onDelete,
}: {
  reviews: Review[];
  onDelete: (review: Review) => void;
}) {
  return (
    <TableScroll label="Reviews">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">No</th>
            <th scope="col">Name</th>
            <th scope="col">Review</th>
            <th scope="col">Rating</th>
            <th scope="col">Delete</th>
          </tr>
        </thead>
        <tbody>
          {reviews.map((review, i) => (
            <tr key={review._id}>
              <th scope="row">{i + 1}</th>
              <td className="min-w-32">{review.name}</td>
              <td className="max-w-prose min-w-60 break-words whitespace-pre-line">
                {review.desc || <span className="text-base-content/70">(no text)</span>}
              </td>
              <td className="whitespace-nowrap">{review.rating} of 5</td>
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  // Rows repeat: the name says which review the button removes.
                  aria-label={`Delete review ${i + 1}, by ${review.name}`}
                  onClick={() => onDelete(review)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
