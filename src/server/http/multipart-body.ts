import multipart from '@fastify/multipart';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import type { Multipart } from '../../contract/endpoint.ts';
import { AppError } from '../errors.ts';

/** A form's text fields: a few short ones beside the file (an import's `kind`, `companyId`). */
const FIELD_LIMITS = { fields: 20, fieldSize: 16 * 1024, fieldNameSize: 100 };

/**
 * Lets a scope's routes take multipart forms. Only the routes whose entry says `multipart` are
 * registered in it: every other route still answers a form with 415.
 */
export async function acceptMultipart(scope: FastifyInstance) {
  await scope.register(multipart, { limits: FIELD_LIMITS, throwFileSizeLimit: true });
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The library's refusals in the API's words; anything unknown goes on as it is. */
function refusalOf(err: unknown, limits: Multipart) {
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', `The file is over ${megabytes(limits.maxBytes)}`);
    case 'FST_FILES_LIMIT':
      return new AppError('bad_request', `Send at most ${limits.files ?? 1} file in the form`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('bad_request', 'The form has too many fields');
    case 'FST_PROTO_VIOLATION':
      return new AppError('bad_request', 'The form has a field name that is not allowed');
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('bad_request', 'The form ended before it was complete');
    default:
      if ((err as { statusCode?: number }).statusCode === 413) {
        return new AppError('payload_too_large', 'The form is too large');
      }
      return err;
  }
}

/**
 * Reads the form into the body before its schema runs: each text field as a string, each file
 * as `{ filename, mimetype, bytes }` (src/contract/product-images.ts's `uploadedFile`), held in
 * memory up to the entry's `maxBytes`. A request that is not a form is a 400.
 */
export function readMultipartBody(limits: Multipart): preValidationHookHandler {
  return async (request) => {
    if (!request.isMultipart()) {
      throw new AppError('bad_request', 'Send the file as a multipart form (multipart/form-data)');
    }
    const body: Record<string, unknown> = Object.create(null);
    try {
      const parts = request.parts({
        limits: { ...FIELD_LIMITS, fileSize: limits.maxBytes, files: limits.files ?? 1 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          body[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, bytes };
        } else {
          body[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        }
      }
    } catch (err) {
      throw refusalOf(err, limits);
    }
    request.body = { ...body };
  };
}
