import { z } from 'zod';
import { isPhotoLink } from './photo-link.ts';

export const review = z.object({
  _id: z.string(),
  name: z.string(),
  desc: z.string(),
  rating: z.number().int(),
  img: z
    .string()
    .refine(isPhotoLink, 'A review photo is an https:// address or a path of our own')
    .nullable()
    .describe("the reviewer's profile photo: an https:// address or a path starting with /"),
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
});
export type ReviewInput = z.input<typeof reviewInput>;

/** DELETE /reviews/{id}: what was removed. */
export const reviewDeleted = z.object({ deleted: z.literal(true), _id: z.string() });
