import type { Product } from '../../../contract/catalog.ts';
import { productPath } from '../../../contract/product-path.ts';
import { shownPicture } from '../../../contract/product-images.ts';
import type { ProductReviews } from '../../../contract/reviews.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { absoluteUrl, breadcrumbList, SHOP_NAME } from '../../lib/structured-data.ts';
import { stockState } from './stock-state.ts';

// schema.org data for search engines: a product page's Product (with its brand, codes, Offer
// and, when it has reviews, its rating) and the trail Home › Shop › categories › product. Every
// address is absolute.

/** A handful of reviews is what search engines read; the rating covers all of them. */
const REVIEWS_IN_DATA = 5;

export function productData(origin: string, product: Product, reviews?: ProductReviews) {
  const url = `${origin}${productPath(product)}`;
  const firstTier = product.tiers[0]?.price ?? product.price;
  const rated = reviews && reviews.count > 0 && reviews.average !== null;
  return {
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    image: absoluteUrl(origin, shownPicture(product.img)),
    description: product.desc,
    // A part filed under no brand is one of ours.
    brand: { '@type': 'Brand', name: product.brand?.name ?? SHOP_NAME },
    ...(product.mpn && { mpn: product.mpn }),
    ...(product.gtin && { gtin: product.gtin }),
    ...(product.category && { category: product.category.path.map((c) => c.name).join(' > ') }),
    url,
    offers: {
      '@type': 'Offer',
      // The price of the smallest order, as a decimal string ("4.20").
      price: firstTier.toFixed(2),
      priceCurrency: 'USD',
      availability:
        stockState(product) === 'out'
          ? 'https://schema.org/OutOfStock'
          : 'https://schema.org/InStock',
      url,
    },
    ...(rated && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: reviews.average,
        reviewCount: reviews.count,
        bestRating: 5,
        worstRating: 1,
      },
      review: reviews.data.slice(0, REVIEWS_IN_DATA).map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.name },
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5 },
        ...(review.desc && { reviewBody: review.desc }),
      })),
    }),
  };
}

export const breadcrumbData = (origin: string, product: Product) =>
  breadcrumbList(origin, [
    { name: 'Home', path: sitePaths.home },
    { name: 'Shop', path: sitePaths.shop },
    ...(product.category?.path ?? []).map((crumb) => ({
      name: crumb.name,
      path: toPath(sitePaths.category, { slug: crumb.slug }),
    })),
    { name: product.name, path: productPath(product) },
  ]);
