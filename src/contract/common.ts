import { z } from 'zod';

/** Every error the API sends: a stable machine word and a sentence for people. */
export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const idParams = z.object({ id: z.string().max(100) });

/** A file an endpoint answers (its entry's `produces` names the media type): the bytes. */
export const fileBytes = z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array);

/** The answer of a 204: no body (the handler returns null). */
export const noContent = z.null();

export const MAX_PAGE_SIZE = 100;

export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(12),
});

export const pageInfo = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PageInfo = z.infer<typeof pageInfo>;
