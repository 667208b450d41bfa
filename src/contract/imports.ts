import { z } from 'zod';
import { spooledFile } from './uploads.ts';

/** What a file sets: whole products, stock counts, list prices, or one company's prices. */
export const importKinds = ['products', 'stock', 'prices', 'dealer-prices'] as const;
export const importKind = z.enum(importKinds);
export type ImportKind = z.infer<typeof importKind>;

/** Files up to this size are taken (a 100,000-part catalogue is well under it). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** The errors a preview lists; the rest are counted. */
export const MAX_LISTED_ERRORS = 1000;

export const importError = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

/** The multipart form: the kind, the company for dealer prices, and the file. */
export const importForm = z.object({
  kind: importKind,
  companyId: z.uuid('companyId: not an id').optional(),
  file: spooledFile,
});

/** POST /imports: the whole file checked, nothing changed yet. */
export const importPreview = z.object({
  _id: z.string(),
  kind: importKind,
  companyId: z.string().nullable().describe('dealer-prices: the company whose prices it sets'),
  status: z.enum(['valid', 'invalid']),
  rows: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importError),
  errorCount: z.number().int().describe('every error, also those past the listed 1,000'),
  newCategories: z.array(z.string()),
  newBrands: z.array(z.string()),
  jobId: z.string().nullable().describe('the apply, once asked for'),
});
export type ImportPreview = z.infer<typeof importPreview>;

/**
 * An apply job's `result` (GET /api/jobs/{id}). A products import's http(s) `image_url`s are
 * fetched by the same job once the lines are applied: each link that could not be fetched or is
 * not an accepted image is a line error here (column `image_url`), not a failed import; the job
 * is `done` when every link has been tried, and its progress counts the images too.
 */
export const importApplyResult = z.object({
  importId: z.string(),
  applied: z.number().int().describe('lines written by this try (0 when already applied)'),
  already: z.boolean().describe('a try before this one had applied the lines'),
  images: z.object({
    wanted: z.number().int().describe('lines with an http(s) image_url to fetch'),
    stored: z.number().int().describe('of them, fetched and stored, or held already'),
    failed: z.number().int(),
  }),
  imageErrors: z
    .array(importError)
    .describe('why each failed link was not stored, at most 1,000 (`failed` counts them all)'),
});
export type ImportApplyResult = z.infer<typeof importApplyResult>;
