import { Link } from 'react-router';
import type { Review } from '../../../contract/reviews.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { DataTable, RowDeleteButton } from '../../components/data-table.tsx';

/**
 * Manage Reviews: No, Name, Product (its page; "The shop" for a review of the shop), Review (the
 * whole text, not the carousel's preview), Rating, Delete.
 */
export function ReviewsTable({
  reviews,
  onDelete,
}: {
  reviews: Review[];
  onDelete: (review: Review) => void;
}) {
  return (
    <DataTable label="Reviews" columns={['No', 'Name', 'Product', 'Review', 'Rating', 'Delete']}>
      {reviews.map((review, i) => (
        <tr key={review._id}>
          <th scope="row">{i + 1}</th>
          <td className="min-w-32">{review.name}</td>
          <td className="min-w-40">
            <ReviewedProduct review={review} />
          </td>
          <td className="max-w-prose min-w-60 break-words whitespace-pre-line">
            {review.desc || <span className="text-base-content/70">(no text)</span>}
          </td>
          <td className="whitespace-nowrap">{review.rating} of 5</td>
          <td>
            <RowDeleteButton
              label={`Delete review ${i + 1}, by ${review.name}`}
              onClick={() => onDelete(review)}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function ReviewedProduct({ review }: { review: Review }) {
  if (review.productId === null) return <span className="text-base-content/70">The shop</span>;
  if (review.productName === null) return <span className="text-base-content/70">(deleted)</span>;
  return (
    <Link className="link" to={toPath(sitePaths.product, { productid: review.productId })}>
      {review.productName}
    </Link>
  );
}
