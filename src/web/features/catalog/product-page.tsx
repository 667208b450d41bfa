import { useQuery } from '@tanstack/react-query';
import { shownPicture } from '../../../contract/product-images.ts';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { ProductDetail } from '../../../contract/catalog.ts';
import { productPath } from '../../../contract/product-path.ts';
import type { ProductReviews, Review } from '../../../contract/reviews.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
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
import { intentAction } from '../../lib/intent-action.ts';
import { useSession } from '../../lib/session.ts';
import { SAVE_TO_LIST_INTENT, SaveToListForm } from '../../components/save-to-list-form.tsx';
import { saveToListAction, useSaveToListForm } from '../lists/save-to-list-api.ts';
import { ensureAll, ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { addToCartRule, sizeGridRule } from '../cart/api.ts';
import { quickAddSummary } from '../../components/quick-add-results.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { toolQuery } from './api.ts';
import {
  attributeBook,
  attributesQuery,
  useAttributes,
  type AttributeBook,
} from './attributes-api.ts';
import { PartIdentity } from './part-identity.tsx';
import { ProductOrderBox } from './product-order-box.tsx';
import { ProductSpecs } from './product-specs.tsx';
import { breadcrumbData, productData } from './product-structured-data.ts';
import { productReviewsQuery, useProductReviews } from './product-reviews-api.ts';
import { SizeGrid, SIZE_GRID_INTENT } from './size-grid.tsx';
import { stockState, stockText } from './stock-state.ts';
import { VariantPicker } from './variant-picker.tsx';
import { offersStockAlert } from '../../../contract/stock-alert-offer.ts';
import { myStockAlertsQuery } from '../stock-alerts/api.ts';
import { notifyMeAction, useNotifyMe } from '../stock-alerts/notify-me-api.ts';
import { NotifyMeBox } from '../../components/notify-me-box.tsx';
import { END_ALERT_INTENT, NOTIFY_ME_INTENT } from '../../components/notify-me-intents.ts';
import { signInPath } from '../../lib/sign-in-path.ts';

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

/**
 * The product, its reviews and the attributes' labels; a product that is not there is the
 * page's 404. A signed-in buyer's stock alerts too, so that Notify me says whether it is set.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const id = params.productid ?? '';
  await Promise.all([
    ensureSignedIn(page, () => [myStockAlertsQuery(page.call)]),
    ensureAll(page, [
      toolQuery(id, page.call),
      productReviewsQuery(id, page.call),
      attributesQuery(page.call),
    ]),
  ]);
  return null;
}

/** Add to cart sent before the script took over: added, and back to the page saying so. */
const addOne = formAction(
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

/**
 * A size grid sent before the script took over: its lines added, and back to the page with
 * what went in and, for each box that could not, why.
 */
const addSizes = formAction(
  sizeGridRule,
  ({ outcome, results }, _input, { request }) => {
    const refused = results
      .filter((line) => line.status === 'error')
      .map((line) => `${line.sku || `Line ${line.line}`}: ${line.message}`);
    return {
      to: new URL(request.url).pathname,
      toast: {
        kind: outcome === 'added' ? 'success' : 'error',
        message: [
          `${outcome === 'added' ? 'Added to your cart' : 'Nothing went into your cart'}: ${quickAddSummary(results)}.`,
          ...refused,
        ].join(' '),
      },
    };
  },
  { signedIn: true },
);

export const action = intentAction({
  '': () => addOne,
  [SIZE_GRID_INTENT]: () => addSizes,
  [SAVE_TO_LIST_INTENT]: () => saveToListAction,
  [NOTIFY_ME_INTENT]: notifyMeAction,
  [END_ALERT_INTENT]: notifyMeAction,
});

/** Save to list, for a signed-in buyer: this part at its minimum, or what they type. */
function ProductSaveToList({ product }: { product: ProductDetail }) {
  const { user } = useSession();
  return user ? <ProductSaveToListForm product={product} /> : null;
}

/** Notify me for an out-of-stock part: a buyer's alert, or a visitor's way to sign in. */
function ProductNotifyMe({ product }: { product: ProductDetail }) {
  const { user } = useSession();
  const path = productPath(product);
  return user ? (
    <BuyerNotifyMe product={product} path={path} />
  ) : (
    <NotifyMeBox
      name={product.name}
      productId={product._id}
      signInTo={signInPath(path, 'stock-alert')}
    />
  );
}

function BuyerNotifyMe({ product, path }: { product: ProductDetail; path: string }) {
  return (
    <NotifyMeBox
      name={product.name}
      productId={product._id}
      control={useNotifyMe(product)}
      signInTo={path}
    />
  );
}

function ProductSaveToListForm({ product }: { product: ProductDetail }) {
  const control = useSaveToListForm();
  return (
    <SaveToListForm
      control={control}
      lines={[{ productId: product._id, quantity: product.moq }]}
      editableQuantity
    />
  );
}

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

function ProductView({ product, reviews }: { product: ProductDetail; reviews: ReviewsResult }) {
  const origin = useSiteOrigin();
  // Labels and units; until they come (or if they fail) a value is named by its key.
  const book = attributeBook(useAttributes().data?.data);
  return (
    <article className="flex flex-col gap-8 py-8" aria-labelledby="product-name">
      <PageMeta
        title={product.name}
        description={summary(product.desc) || `${product.name}, SKU ${product.sku}, from ECParts.`}
        path={productPath(product)}
        image={shownPicture(product.img)}
        type="product"
      />
      <JsonLd data={productData(origin, product, reviews.data)} />
      <JsonLd data={breadcrumbData(origin, product)} />
      <Breadcrumbs product={product} />
      <div className="grid gap-8 md:grid-cols-2">
        <ProductPicture src={product.img} name={product.name} />
        <ProductFacts product={product} reviews={reviews.data} book={book} />
      </div>
      <ProductSpecs product={product} book={book} />
      <ReviewsSection reviews={reviews} />
    </article>
  );
}

/** Home › Shop › the category's path, each a link to its page › the part. */
function Breadcrumbs({ product }: { product: ProductDetail }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
      <ol>
        <li>
          <Link to={sitePaths.home}>Home</Link>
        </li>
        <li>
          <Link to={sitePaths.shop}>Shop</Link>
        </li>
        {product.category?.path.map((crumb) => (
          <li key={crumb.slug}>
            <Link to={toPath(sitePaths.category, { slug: crumb.slug })}>{crumb.name}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{product.name}</span>
        </li>
      </ol>
    </nav>
  );
}

function ProductFacts({
  product,
  reviews,
  book,
}: {
  product: ProductDetail;
  reviews?: ProductReviews;
  book: AttributeBook;
}) {
  const stock = stockState(product);
  const family = product.family;
  const axes = family?.axes.length ?? 0;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h1 id="product-name" className="text-3xl font-bold">
        {product.name}
      </h1>
      <PartIdentity product={product} />
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
      {family && axes === 1 && (
        <VariantPicker family={family} currentId={product._id} book={book} />
      )}
      {family && axes === 2 ? (
        <SizeGrid family={family} currentId={product._id} book={book} />
      ) : offersStockAlert(product) ? (
        <ProductNotifyMe product={product} />
      ) : (
        <ProductOrderBox product={product} soldOut={stock === 'out'} />
      )}
      <ProductSaveToList product={product} />
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
