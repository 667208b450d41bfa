import type { z } from 'zod';
import { isPhotoLink } from '../../../contract/photo-link.ts';
import { firstCharacters } from '../../../contract/review-preview.ts';
import type { Review, reviewInput } from '../../../contract/reviews.ts';
import { withoutBidiControls } from '../../../contract/users.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  deleteReviewRow,
  insertReview,
  isUnknownProduct,
  listNewestReviews,
  listProductReviews,
  productRatingTotals,
  type ReviewRow,
} from './repository.ts';

/**
 * A review shows its author's profile photo only when it is our own path or on a social
 * provider's photo host (isPhotoLink): the home page that shows reviews is cached and public,
 * and a photo elsewhere would be a stranger's tracking pixel for every visitor. Profiles could
 * hold such links before that rule; the photo is left out, the review kept.
 */
const reviewPhoto = (link: string | null) => (link !== null && isPhotoLink(link) ? link : null);

const toReview = (row: ReviewRow, productName: string | null = null): Review => ({
  _id: row.id,
  name: row.name,
  desc: row.description,
  rating: row.rating,
  img: reviewPhoto(row.imageUrl),
  productId: row.productId,
  productName,
});

export function newestReviews(db: Db, cache: ReadCache, limit: number) {
  return cache.read('review', `newest ${limit}`, async () => ({
    data: (await listNewestReviews(db, limit)).map((r) => toReview(r.review, r.productName)),
  }));
}

/** The mean rating to one decimal (4.25 shows as 4.3); null when nobody has rated. */
const averageRating = ({ count, sum }: { count: number; sum: number }) =>
  count === 0 ? null : Math.round((sum * 10) / count) / 10;

export type ReviewDeps = {
  db: Db;
  cache: ReadCache;
  /** The catalogue's product (404 when there is none), wired in by the app. */
  findProduct: (id: string) => Promise<unknown>;
};

/** A product's page: its newest reviews, how many it has and their average; 404 if unknown. */
export async function productReviewsOf(
  { db, cache, findProduct }: ReviewDeps,
  productId: string,
  limit: number,
) {
  // Through the catalogue's cache: a deleted product's page answers 404 at once.
  await findProduct(productId);
  return cache.read('review', `product ${productId} ${limit}`, async () => {
    const [rows, totals] = await Promise.all([
      listProductReviews(db, productId, limit),
      productRatingTotals(db, productId),
    ]);
    return {
      data: rows.map((row) => toReview(row)),
      count: totals.count,
      average: averageRating(totals),
    };
  });
}

const unknownProduct = () =>
  new AppError('bad_request', 'That product is not in our catalogue: choose one from the list');

export async function addReview(
  db: Db,
  cache: ReadCache,
  user: CurrentUser,
  input: z.output<typeof reviewInput>,
) {
  const productId = input.productId ?? null;
  if (productId !== null && !isUuid(productId)) throw unknownProduct();
  // The foreign key checks that the product exists, in the same statement as the insert.
  const row = await cache
    .write('review', () =>
      insertReview(db, {
        userId: user.id,
        // Names are cleaned where they are typed; one stored before that, or sent by a social
        // provider, is cleaned here.
        name: withoutBidiControls(user.name),
        description: input.desc,
        rating: input.rating,
        imageUrl: reviewPhoto(user.image),
        productId,
      }),
    )
    .catch((err: unknown) => {
      throw isUnknownProduct(err) ? unknownProduct() : err;
    });
  return toReview(row);
}

/** Moderation: an admin removes a review; the audit trail keeps who, when and what it said. */
export async function deleteReview(db: Db, cache: ReadCache, admin: AuditActor, id: string) {
  const row = isUuid(id)
    ? await cache.write('review', () =>
        db.transaction(async (tx) => {
          const removed = await deleteReviewRow(tx, id);
          if (removed) {
            await recordAudit(tx, admin, {
              action: 'review.delete',
              targetType: 'review',
              targetId: removed.id,
              summary: `Removed the ${removed.rating}-star review by ${removed.name}: "${firstCharacters(removed.description, 80)}"`,
            });
          }
          return removed;
        }),
      )
    : undefined;
  if (!row) throw notFound('Review');
  return { deleted: true as const, _id: row.id };
}
