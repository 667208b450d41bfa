import { useQuery } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Product } from '../../../contract/catalog.ts';
import { productPath } from '../../../contract/product-path.ts';
import type { ProductReviews, Review } from '../../../contract/reviews.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageSpinner, SectionSpinner } from '../../components/page-spinner.tsx';
import { counted } from '../../components/paged-list.tsx';
import { ProductPicture } from '../../components/picture.tsx';
import { PriceLadder } from '../../components/price-ladder.tsx';
import { ReviewFrame } from '../../components/review-frame.tsx';
import { Stars } from '../../components/stars.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { JsonLd } from '../../lib/json-ld.tsx';
import { formAction } from '../../lib/form-action.ts';
import { ensureAll, pageOf } from '../../lib/page-context.ts';
import { addToCartRule } from '../cart/api.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { toolQuery } from './api.ts';
import { ProductOrderBox } from './product-order-box.tsx';
import { breadcrumbData, productData } from './product-structured-data.ts';
import { productReviewsQuery, useProductReviews } from './product-reviews-api.ts';
import { stockState, stockText } from './stock-state.ts';

/** The description cut at a word to the ~155 characters a search result shows. */
function summary(text: string, max = 155) {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "4.5 out of 5, 3 reviews" (one decimal, whatever the visitor's locale). */
const ratingText = (average: number, count: number) =>
  `${average.toFixed(1)} out of 5, ${counted(count, 'review', 'reviews')}`;

/** The product and its reviews; a product that is not there is the page's 404. */
export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const id = params.productid ?? '';
  return ensureAll(page, [toolQuery(id, page.call), productReviewsQuery(id, page.call)]);
}

/** Add to cart sent before the script took over: added, and back to the page saying so. */
export const action = formAction(
  addToCartRule,
  (cart, { productId, quantity }, { request }) => {
    const name = cart.lines.find((line) => line.productId === productId)?.name ?? 'the part';
    return {
      to: new URL(request.url).pathname,
      toast: { kind: 'success', message: `Added ${quantity} × ${name} to your cart.` },
    };
  },
  { signedIn: true },
);

/** A product's public page (/products/{id}/{slug}): everything a buyer and a crawler reads. */
export function ProductPage() {
  const { productid = '' } = useParams();
  // A product that is not there stays not found when the page mounts: the server's 404 page
  // (its error travels with the page) hydrates as it was rendered instead of loading again.
  const tool = useQuery({ ...toolQuery(productid), retryOnMount: false });
  // Asked for together with the product, so the server fetches both in one round.
  const reviews = useProductReviews(productid);

  if (tool.isPending) return <PageSpinner label="Loading the product" />;
  if (tool.isError) {
    if (tool.error instanceof ApiError && tool.error.status === 404) return <NotFoundPage />;
    return (
      <section className="flex flex-col items-center gap-6 py-24 text-center">
        <PageMeta title="Product" description="This product could not be shown." noindex />
        <h1 className="text-3xl font-bold">Product</h1>
        <SectionError error={tool.error} />
        <Link to={sitePaths.shop} className="btn btn-primary">
          Back to the shop
        </Link>
      </section>
    );
  }

  return <ProductView product={tool.data} reviews={reviews} />;
}

type ReviewsResult = ReturnType<typeof useProductReviews>;

function ProductView({ product, reviews }: { product: Product; reviews: ReviewsResult }) {
  const origin = useSiteOrigin();
  return (
    <article className="flex flex-col gap-8 py-8" aria-labelledby="product-name">
      <PageMeta
        title={product.name}
        description={summary(product.desc) || `${product.name}, SKU ${product.sku}, from ECParts.`}
        path={productPath(product)}
        image={product.img}
        type="product"
      />
      <JsonLd data={productData(origin, product, reviews.data)} />
      <JsonLd data={breadcrumbData(origin, product)} />
      <Breadcrumbs name={product.name} />
      <div className="grid gap-8 md:grid-cols-2">
        <ProductPicture src={product.img} name={product.name} />
        <ProductFacts product={product} reviews={reviews.data} />
      </div>
      <ReviewsSection reviews={reviews} />
    </article>
  );
}

function Breadcrumbs({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
      <ol>
        <li>
          <Link to={sitePaths.home}>Home</Link>
        </li>
        <li>
          <Link to={sitePaths.shop}>Shop</Link>
        </li>
        <li>
          <span aria-current="page">{name}</span>
        </li>
      </ol>
    </nav>
  );
}

function ProductFacts({ product, reviews }: { product: Product; reviews?: ProductReviews }) {
  const stock = stockState(product);
  return (
    <div className="flex flex-col gap-4">
      <h1 id="product-name" className="text-3xl font-bold">
        {product.name}
      </h1>
      <p className="font-mono text-base-content/80">SKU {product.sku}</p>
      {reviews && reviews.average !== null && (
        <a href="#reviews" className="link-hover flex items-center gap-2 self-start">
          <Stars rating={Math.round(reviews.average)} size={18} />
          {ratingText(reviews.average, reviews.count)}
        </a>
      )}
      <p className="leading-relaxed">{product.desc}</p>
      <PriceLadder product={product} />
      <p>
        <span
          className={`badge badge-lg ${
            stock === 'out' ? 'badge-error' : stock === 'low' ? 'badge-warning' : 'badge-success'
          }`}
        >
          {stockText(product)}
        </span>
      </p>
      <ProductOrderBox product={product} soldOut={stock === 'out'} />
      <p className="text-sm">
        <Link
          to={`${sitePaths.myReview}?product=${encodeURIComponent(product._id)}`}
          className="link link-primary"
        >
          Review this product
        </Link>
      </p>
    </div>
  );
}

function ReviewsSection({ reviews }: { reviews: ReviewsResult }) {
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="flex flex-col gap-4">
      <h2 id="reviews-title" className="text-2xl font-bold">
        Reviews
      </h2>
      <ReviewsBody reviews={reviews} />
    </section>
  );
}

function ReviewsBody({ reviews }: { reviews: ReviewsResult }) {
  if (reviews.isPending) return <SectionSpinner label="Loading reviews" />;
  if (reviews.isError) return <SectionError error={reviews.error} />;
  const { data, count, average } = reviews.data;
  if (average === null) return <p>No reviews of this product yet.</p>;
  return (
    <>
      <p className="flex items-center gap-2 text-lg font-medium">
        <Stars rating={Math.round(average)} size={20} />
        {ratingText(average, count)}
      </p>
      <ul className="grid gap-4 md:grid-cols-2">
        {data.map((review) => (
          <li key={review._id}>
            <ReviewItem review={review} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <ReviewFrame name={review.name} photo={review.img} small>
      <p className="flex items-center gap-2">
        <Stars rating={review.rating} size={16} />
        <span>{review.rating} out of 5</span>
      </p>
      {review.desc && <p className="break-words whitespace-pre-line">{review.desc}</p>}
    </ReviewFrame>
  );
}
