import type { z } from 'zod';
import { isPhotoLink } from '../../../contract/photo-link.ts';
import { firstCharacters } from '../../../contract/review-preview.ts';
import type { Review, reviewInput } from '../../../contract/reviews.ts';
import { withoutBidiControls } from '../../../contract/users.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/guards.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  deleteReviewAudited,
  insertReview,
  listNewestReviews,
  type ReviewRow,
} from './repository.ts';

/**
 * A review shows its author's profile photo only when it is an https address or our own path.
 * Profiles could hold http links before that rule; such a photo is left out, the review kept.
 */
const reviewPhoto = (link: string | null) => (link !== null && isPhotoLink(link) ? link : null);

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  desc: row.description,
  rating: row.rating,
  img: reviewPhoto(row.imageUrl),
});

export function newestReviews(db: Db, cache: ReadCache, limit: number) {
  return cache.read('review', `newest ${limit}`, async () => ({
    data: (await listNewestReviews(db, limit)).map(toReview),
  }));
}

export async function addReview(
  db: Db,
  cache: ReadCache,
  user: CurrentUser,
  input: z.output<typeof reviewInput>,
) {
  const row = await cache.write('review', () =>
    insertReview(db, {
      userId: user.id,
      // Names are cleaned where they are typed; one stored before that, or sent by a social
      // provider, is cleaned here.
      name: withoutBidiControls(user.name),
      description: input.desc,
      rating: input.rating,
      imageUrl: reviewPhoto(user.image),
    }),
  );
  return toReview(row);
}

/** Moderation: an admin removes a review; the audit trail keeps who, when and what it said. */
export async function deleteReview(db: Db, cache: ReadCache, admin: AuditActor, id: string) {
  const row = isUuid(id)
    ? await cache.write('review', () =>
        deleteReviewAudited(db, id, (tx, removed) =>
          recordAudit(tx, admin, {
            action: 'review.delete',
            targetType: 'review',
            targetId: removed.id,
            summary: `Removed the ${removed.rating}-star review by ${removed.name}: "${firstCharacters(removed.description, 80)}"`,
          }),
        ),
      )
    : undefined;
  if (!row) throw notFound('Review');
  return { deleted: true as const, _id: row.id };
}
