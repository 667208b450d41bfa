import { z } from 'zod';

export const review = z.object({
  _id: z.string(),
  name: z.string(),
  desc: z.string(),
  rating: z.number().int(),
  img: z.string().nullable(),
});
export type Review = z.infer<typeof review>;

export const reviewListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
});

export const reviewList = z.object({ data: z.array(review) });
export type ReviewList = z.infer<typeof reviewList>;
