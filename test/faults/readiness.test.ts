import pg from 'pg';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { testDatabase, testServer } from './support/fault-test.ts';
import { freePort } from '../support/ports.ts';
import { removeDataDirs, sleep } from './support/server-process.ts';

afterAll(removeDataDirs);

// src/server/db/migrate.ts: every server takes this advisory lock before migrating.
const MIGRATION_LOCK = 724_311;

const ready = async (url: string) => {
  const res = await fetch(`${url}/api/health/ready`).catch(() => undefined);
  if (!res) return undefined;
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
};

describe('readiness while the server starts', () => {
  it('answers 503 with Retry-After while migrations wait, and 200 once the app has the port', async (context) => {
    const database = await testDatabase(context);
    // Another "server" holds the migration lock: this one must wait before migrating.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Not awaited: it cannot finish starting while the lock is held.
    const starting = testServer({ databaseUrl: database.url, env: { PORT: String(port) } });
    starting.catch(() => {});
    // Hooks run last in, first out: the lock ends first, so the server can start and be stopped.
    onTestFinished(() => holder.end());

    let waiting = await ready(url);
    for (let i = 0; i < 200 && !waiting; i++) {
      await sleep(50);
      waiting = await ready(url);
    }
    expect(waiting).toEqual({
      status: 503,
      retryAfter: '5',
      body: {
        error: 'unavailable',
        message: 'The shop is briefly unavailable. Please try again in a moment.',
      },
    });
    // Still waiting a while later: migrations have not run while the lock is held.
    await sleep(1000);
    expect((await ready(url))?.status).toBe(503);
    const page = await fetch(`${url}/api/tools`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');

    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    const server = await starting;
    expect(await ready(server.url)).toEqual({
      status: 200,
      retryAfter: null,
      body: { status: 'ready' },
    });
    expect((await fetch(`${server.url}/api/tools`)).status).toBe(200);
  });
});
