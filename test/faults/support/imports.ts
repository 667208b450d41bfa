import { until } from './fault-test.ts';
import type { ServerProcess } from './server-process.ts';
import { call, type Caller } from './shop-client.ts';

export type Job = {
  _id: string;
  status: string;
  attempts: number;
  progress: { done: number; total: number };
  result: Record<string, unknown> | null;
  error: string | null;
};

/** Sends a CSV file to `POST /api/imports` as the Import page does; the preview must be valid. */
export async function uploadImport(url: string, admin: Caller, kind: string, csv: string) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`);
  const res = await fetch(`${url}/api/imports`, {
    method: 'POST',
    headers: { cookie: admin.cookie, origin: url },
    body: form,
  });
  const body = (await res.json()) as { _id: string; status: string; errors: unknown[] };
  if (res.status !== 201 || body.status !== 'valid') {
    throw new Error(`import refused: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  return body;
}

/** `POST /api/imports/{id}/apply` on one server: its status and the job id it names. */
export async function applyOn(url: string, admin: Caller, importId: string) {
  const res = await call(url, 'POST', `/api/imports/${importId}/apply`, { cookie: admin.cookie });
  return { status: res.status, jobId: (res.body as { jobId?: string }).jobId };
}

export async function jobOn(url: string, admin: Caller, jobId: string) {
  const res = await call(url, 'GET', `/api/jobs/${jobId}`, { cookie: admin.cookie });
  if (res.status !== 200)
    throw new Error(`job ${jobId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Job;
}

/** Waits until the job has ended (done or failed) as `url` tells it; its last answer. */
export async function jobEnded(url: string, admin: Caller, jobId: string, timeoutMs = 60_000) {
  let job: Job | undefined;
  await until(async () => {
    job = await jobOn(url, admin, jobId);
    return job.status === 'done' || job.status === 'failed';
  }, timeoutMs);
  return job!;
}

/** The tries of `jobId` this server's log says it started (the job queue's `job started`). */
export const triesOn = (server: ServerProcess, jobId: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"job started"') && line.includes(jobId)).length;
