import multipart from '@fastify/multipart';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { Multipart } from '../../contract/endpoint.ts';
import { AppError } from '../errors.ts';
import { mkdirPrivate } from '../lib/private-files.ts';

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
      return new AppError(
        limits.oversizeIs400 ? 'bad_request' : 'payload_too_large',
        `The file is over ${megabytes(limits.maxBytes)}`,
      );
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

type FormOptions = { limits: typeof FIELD_LIMITS & { fileSize: number; files: number } };

/** Each text field as a string (the last one, when a name comes twice). */
const textOf = (value: unknown) => (typeof value === 'string' ? value : String(value));

/** The form with its files in memory. */
async function formInMemory(request: FastifyRequest, options: FormOptions) {
  const body: Record<string, unknown> = Object.create(null);
  for await (const part of request.parts(options)) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      body[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, bytes };
    } else {
      body[part.fieldname] = textOf(part.value);
    }
  }
  return body;
}

/**
 * The form with its files written to `dir` (0700, in DATA_DIR) as they arrive, by the
 * library's own `saveRequestFiles`, which removes them when the answer has been sent or the
 * client has gone, and at once when the form fails.
 */
async function formSpooled(request: FastifyRequest, options: FormOptions, dir: string) {
  const { files, values } = await request.saveRequestFiles({ ...options, tmpdir: dir });
  const body: Record<string, unknown> = Object.create(null);
  for (const [name, field] of Object.entries(values)) {
    const last = [field].flat().at(-1) as { type?: string; value?: unknown } | undefined;
    if (last?.type === 'field') body[name] = textOf(last.value);
  }
  for (const file of files) {
    const { size } = await stat(file.filepath);
    body[file.fieldname] = {
      filename: file.filename,
      mimetype: file.mimetype,
      path: file.filepath,
      size,
    };
  }
  return body;
}

/**
 * Reads the form into the body before its schema runs: each text field as a string, each file
 * as `{ filename, mimetype, bytes }` held in memory or, for a `spool` entry, as `{ filename,
 * mimetype, path, size }` in `uploadsDir` (src/contract/uploads.ts), up to the entry's
 * `maxBytes`. A request that is not a form is a 400.
 */
export function readMultipartBody(limits: Multipart, uploadsDir: string): preValidationHookHandler {
  return async (request) => {
    if (!request.isMultipart()) {
      throw new AppError('bad_request', 'Send the file as a multipart form (multipart/form-data)');
    }
    const options = {
      limits: { ...FIELD_LIMITS, fileSize: limits.maxBytes, files: limits.files ?? 1 },
    };
    try {
      const body = limits.spool
        ? await formSpooled(request, options, uploadsDir)
        : await formInMemory(request, options);
      request.body = { ...body };
    } catch (err) {
      throw refusalOf(err, limits);
    }
  };
}

const A_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * DATA_DIR/uploads, private like all of DATA_DIR, where spooled files wait while their call
 * runs. Files a killed server left behind are removed once a day old: another server on the
 * same DATA_DIR may be reading a newer one.
 */
export function uploadsDirIn(dataDir: string, now = Date.now()) {
  const dir = join(dataDir, 'uploads');
  mkdirPrivate(dir);
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (now - statSync(file).mtimeMs > A_DAY_MS) rmSync(file, { force: true });
  }
  return dir;
}
