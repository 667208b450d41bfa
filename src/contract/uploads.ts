import { z } from 'zod';

// The files a multipart form brings (src/contract/endpoint.ts, `Multipart`). The server reads
// the form into one of these shapes before the body schema runs (src/server/http/
// multipart-body.ts); the OpenAPI document calls either binary. The name and type are the
// sender's word: neither is trusted.

/** A file held in memory: an image, 10 MB at most, which its handler reads whole anyway. */
export const uploadedFile = z
  .custom<{ filename: string; mimetype: string; bytes: Buffer }>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      'bytes' in v &&
      Buffer.isBuffer((v as { bytes: unknown }).bytes),
    'Send the file in a multipart form field',
  )
  .meta({ type: 'string', format: 'binary' });
export type UploadedFile = z.output<typeof uploadedFile>;

/**
 * A file written to a private folder as it arrives (`Multipart.spool`), for files read as a
 * stream: an import's 50 MB never sits in memory. It is removed when the answer has been sent.
 */
export const spooledFile = z
  .custom<{ filename: string; mimetype: string; path: string; size: number }>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as { path?: unknown }).path === 'string' &&
      typeof (v as { size?: unknown }).size === 'number',
    'Send the file in a multipart form field',
  )
  .meta({ type: 'string', format: 'binary' });
export type SpooledFile = z.output<typeof spooledFile>;
