import { describe, expect } from 'vitest';
import { onPgliteAndPostgres, testServer, until } from './support/fault-test.ts';
import { tail, type ServerOptions } from './support/server-process.ts';
import { call, signUpAdmin } from './support/shop-client.ts';

// Issue 33: kill -9 while an import applies leaves all of it or nothing; after the restart the
// job finishes, and nothing is applied twice.

const ROWS = 4000;

const productsFile = () =>
  [
    'sku,name,price,image_url,category,brand',
    ...Array.from(
      { length: ROWS },
      (_, i) =>
        `KILL-${i},Killed part ${i},4.50,/images/products/chain-whip.svg,Faults > Kills,Crashco`,
    ),
  ].join('\n');

async function upload(url: string, cookie: string) {
  const form = new FormData();
  form.set('kind', 'products');
  form.set('file', new Blob([productsFile()], { type: 'text/csv' }), 'products.csv');
  const res = await fetch(`${url}/api/imports`, {
    method: 'POST',
    headers: { cookie, origin: url },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string; creates: number };
}

/** The parts of the file the catalogue holds, from the products export. */
async function partsIn(url: string, cookie: string) {
  const res = await fetch(`${url}/api/exports/products.csv`, { headers: { cookie } });
  const lines = (await res.text()).split(/\r?\n/).filter((l) => l.startsWith('KILL-'));
  return { count: lines.length, distinct: new Set(lines.map((l) => l.split(',')[0])).size };
}

/**
 * Whether the apply holds the database now: on PostgreSQL its progress has moved; on PGlite
 * (one connection) a read of the job cannot get an answer while the apply's transaction runs.
 */
async function applying(url: string, cookie: string, jobId: string, postgres: boolean) {
  try {
    const res = await call(url, 'GET', `/api/jobs/${jobId}`, {
      cookie,
      signal: AbortSignal.timeout(postgres ? 5000 : 150),
    });
    const job = res.body as { status: string; progress: { done: number } };
    return postgres && job.status === 'running' && job.progress.done > 0;
  } catch {
    return !postgres;
  }
}

async function killDuringApply(options: ServerOptions) {
  const postgres = options.databaseUrl !== undefined;
  const first = await testServer(options);
  const admin = await signUpAdmin(first.url);
  const checked = await upload(first.url, admin.cookie);
  expect(checked.creates).toBe(ROWS);
  const started = await call(first.url, 'POST', `/api/imports/${checked._id}/apply`, {
    cookie: admin.cookie,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const { jobId } = started.body as { jobId: string };

  expect(await until(() => applying(first.url, admin.cookie, jobId, postgres), 30_000, 20)).toBe(
    true,
  );
  const exit = await first.kill();
  expect(exit.signal).toBe('SIGKILL');

  const second = await testServer({ ...options, dataDir: first.dataDir }, 'server after the kill');
  // All of it or none of it, whatever the kill cut short.
  const right = await partsIn(second.url, admin.cookie);
  expect([0, ROWS]).toContain(right.count);

  // The job is taken up again (its heartbeat lapsed) and finishes: every part, once.
  let job: { status: string; error: string | null } | undefined;
  const finished = await until(async () => {
    const res = await call(second.url, 'GET', `/api/jobs/${jobId}`, { cookie: admin.cookie });
    job = res.body as { status: string; error: string | null };
    return job.status === 'done' || job.status === 'failed';
  }, 90_000);
  expect({ finished, ...job }, tail(second.output())).toMatchObject({
    finished: true,
    status: 'done',
  });
  expect(await partsIn(second.url, admin.cookie)).toEqual({ count: ROWS, distinct: ROWS });
}

describe('a server killed with SIGKILL while an import applies', () => {
  onPgliteAndPostgres('applies all of it once after the restart', killDuringApply);
});
