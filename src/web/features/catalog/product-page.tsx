import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { Product } from '../../../contract/catalog.ts';
import { formatDollars } from '../../../contract/money.ts';
import { ladderText } from '../../../contract/price-ladder.ts';
import { productPath } from '../../../contract/product-path.ts';
import type { ProductReviews, Review } from '../../../contract/reviews.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageSpinner, SectionSpinner } from '../../components/page-spinner.tsx';
import { counted } from '../../components/paged-list.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { JsonLd } from '../../lib/json-ld.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { toolQuery } from './api.ts';
import { ProductOrderBox } from './product-order-box.tsx';
import { breadcrumbData, productData } from './product-structured-data.ts';
import { useProductReviews } from './product-reviews-api.ts';
import { stockState, stockText } from './stock-state.ts';

const STARS = [1, 2, 3, 4, 5];
const AVATAR_PLACEHOLDER = '/images/avatar-placeholder.svg';

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
        <figure className="rounded-box bg-base-200 p-4">
          <img
            src={product.img}
            alt={product.name}
            width={600}
            height={450}
            loading="eager"
            fetchPriority="high"
            decoding="async"
            className="h-auto max-h-96 w-full object-contain"
          />
        </figure>
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
      <p className="text-2xl font-semibold">
        <span className="sr-only">Price: </span>
        {formatDollars(product.price)}
        <span className="text-base font-normal"> per piece</span>
      </p>
      <p>
        <span className="font-medium">Bulk prices: </span>
        {ladderText(product.tiers)}
      </p>
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
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <div className="flex items-center gap-3">
          <img
            src={review.img || AVATAR_PLACEHOLDER}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            // Some photo hosts refuse requests that carry another site as the referrer.
            referrerPolicy="no-referrer"
            className="h-10 w-10 rounded-full object-cover ring-2 ring-base-300"
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(AVATAR_PLACEHOLDER))
                event.currentTarget.src = AVATAR_PLACEHOLDER;
            }}
          />
          <h3 className="text-lg font-semibold">{review.name}</h3>
        </div>
        <p className="flex items-center gap-2">
          <Stars rating={review.rating} size={16} />
          <span>{review.rating} out of 5</span>
        </p>
        {review.desc && <p className="break-words whitespace-pre-line">{review.desc}</p>}
      </div>
    </article>
  );
}

/** Five stars, the first `rating` filled; drawn only, the text beside them says the rating. */
function Stars({ rating, size }: { rating: number; size: number }) {
  return (
    <span className="flex text-primary" aria-hidden="true">
      {STARS.map((n) => (
        <Star key={n} size={size} fill={n <= rating ? 'currentColor' : 'none'} />
      ))}
    </span>
  );
}
