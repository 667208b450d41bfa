import { expect } from 'vitest';
import type { Job } from '../../src/contract/jobs.ts';
import type { App } from '../../src/server/app.ts';
import { ORIGIN } from './auth.ts';
import { multipartForm } from './images.ts';
import { inject, type Sender } from './inject.ts';

/**
 * Sends a CSV file to POST /api/imports as the Import page does: multipart, the `kind` (and a
 * dealer-prices file's `companyId`) beside the file, from the shop's own origin. `as` is a
 * signed-in cookie, or headers of its own (an API key's bearer).
 */
export function sendImportFile(
  app: App,
  as: { cookie: string } | { headers: Record<string, string> },
  fields: { kind: string; companyId?: string },
  file: Buffer | string,
) {
  const form = multipartForm(fields, [
    {
      field: 'file',
      filename: `${fields.kind}.csv`,
      type: 'text/csv',
      bytes: typeof file === 'string' ? Buffer.from(file) : file,
    },
  ]);
  const who = 'cookie' in as ? { cookie: as.cookie, origin: ORIGIN } : as.headers;
  return app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: form.payload,
    headers: { ...form.headers, ...who },
  });
}

/** How long a test waits for an import's job: far more than one takes, even on a busy machine. */
const JOB_WAIT_MS = 60_000;

/** Follows a job, as the Import page does, until it is done or failed. */
export async function jobEnded(app: App, as: Sender, jobId: string) {
  for (let waited = 0; waited < JOB_WAIT_MS; waited += 100) {
    const job = (await inject(app, 'GET /api/jobs/:id', { params: { id: jobId }, as })).json<Job>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not end`);
}

/** Applies a checked import (202 with its job) and waits for the job to end. */
export async function applyImport(app: App, as: Sender, importId: string) {
  const res = await inject(app, 'POST /api/imports/:id/apply', { params: { id: importId }, as });
  expect(res.statusCode, res.body).toBe(202);
  return jobEnded(app, as, res.json<{ jobId: string }>().jobId);
}
