import { z } from 'zod';
import { isPhotoLink } from './photo-link.ts';

export const review = z.object({
  _id: z.string(),
  name: z.string(),
  desc: z.string(),
  rating: z.number().int(),
  img: z
    .string()
    .refine(isPhotoLink, 'A review photo is a path of our own or a social profile photo')
    .nullable()
    .describe(
      "the reviewer's profile photo: a path starting with /, or a Google, GitHub or Facebook photo",
    ),
  productId: z
    .string()
    .nullable()
    .describe('the product reviewed; null for a review of the shop (or of a deleted product)'),
  productName: z
    .string()
    .nullable()
    .describe("the product's name in GET /reviews; null for a review of the shop, or elsewhere"),
});
export type Review = z.infer<typeof review>;

export const reviewListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
});

export const reviewList = z.object({ data: z.array(review) });
export type ReviewList = z.infer<typeof reviewList>;

/** POST /review. Name and photo come from the session; the spec's client also sends them. */
export const reviewInput = z.object({
  desc: z.string().trim().max(1000, 'Review is too long (1000 characters at most)').default(''),
  rating: z
    .number({ error: 'Please choose a rating' })
    .int('Rating must be a whole number')
    .min(1, 'Rating must be from 1 to 5')
    .max(5, 'Rating must be from 1 to 5'),
  productId: z
    .string()
    .max(100)
    .nullish()
    .describe('the product reviewed, one of GET /tools; left out (or null) to review the shop'),
});
export type ReviewInput = z.input<typeof reviewInput>;

/** My Review as its form sends it (text fields; "" for the shop): the page's action reads it so. */
export const reviewForm = reviewInput.extend({
  rating: z.coerce.number().pipe(reviewInput.shape.rating),
  productId: z.preprocess((id) => id || undefined, reviewInput.shape.productId),
});

/** GET /tools/{id}/reviews: the newest reviews of one product. */
export const productReviewsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const productReviews = z.object({
  data: z.array(review),
  count: z.number().int().describe('how many reviews the product has, all of them'),
  average: z
    .number()
    .nullable()
    .describe('the mean rating of all of them, to one decimal; null when there are none'),
});
export type ProductReviews = z.infer<typeof productReviews>;

/** DELETE /reviews/{id}: what was removed. */
export const reviewDeleted = z.object({ deleted: z.literal(true), _id: z.string() });
