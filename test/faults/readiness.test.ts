import pg from 'pg';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { createDatabase, requirePostgres } from './support/postgres.ts';
import {
  freePort,
  removeDataDirs,
  sleep,
  startServer,
  stopServer,
  tail,
  type ServerProcess,
} from './support/server-process.ts';

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
    const database = await createDatabase(requirePostgres(context));
    // Another "server" holds the migration lock: this one must wait before migrating.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    let server: ServerProcess | undefined;
    let starting: Promise<ServerProcess> | undefined;
    onTestFailed(() => console.log(server ? tail(server.output()) : 'server did not start'));
    try {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      starting = startServer({ databaseUrl: database.url, env: { PORT: String(port) } });

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
      server = await starting;
      expect(await ready(server.url)).toEqual({
        status: 200,
        retryAfter: null,
        body: { status: 'ready' },
      });
      expect((await fetch(`${server.url}/api/tools`)).status).toBe(200);
    } finally {
      await holder.end();
      server ??= await starting?.catch(() => undefined);
      await stopServer(server);
      await database.drop();
    }
  });
});
