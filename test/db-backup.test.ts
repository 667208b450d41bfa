import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/server/app.ts';
import { backupsDir, dumpPglite } from '../src/server/db/backup.ts';
import { controlSocketPath, requestBackup } from '../src/server/db/control-socket.ts';
import { restoreToPglite, RestoreRefusal } from '../src/server/db/restore.ts';
import { ORIGIN, signUp, verifyEmail } from './support/auth.ts';
import { testConfig, testDatabaseKind } from './support/test-app.ts';

// Backups are of the embedded database in DATA_DIR, which the app opens itself here; the
// PostgreSQL project of the suite has nothing more to prove with this file.
const ADMIN = 'backup-admin@example.com';
const START_STOCK = 5000;
const ORDERS = 120;

async function shopOnDisk(env: Record<string, string> = {}) {
  const config = testConfig({
    ADMIN_EMAILS: ADMIN,
    MAX_UNPAID_ORDERS: '10000',
    ORDER_RATE_LIMIT: '10000',
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000',
    MAX_UNPAID_VALUE: '1000000',
    MAX_UNPAID_SHARE: '100',
    BACKUP_EVERY_HOURS: '0',
    ...env,
  });
  return { app: await buildApp(config), config };
}

async function addProduct(app: App, cookie: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/tools',
    headers: { origin: ORIGIN, cookie },
    payload: { name: 'Spoke wrench', price: 7.5, stock: START_STOCK, img: '/images/x.svg' },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { _id: string })._id;
}

async function openRestored(sql: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ecparts-restored-'));
  const { target } = await restoreToPglite(sql, dir);
  return { dir, client: new PGlite(target) };
}

describe.runIf(testDatabaseKind === 'pglite')('backups of the embedded database', () => {
  let app: App;
  let dataDir: string;
  let productId: string;
  let dump: string;
  let answeredBefore: string[] = [];
  let answeredAfter = 0;

  beforeAll(async () => {
    const shop = await shopOnDisk({ BACKUP_KEEP: '3' });
    app = shop.app;
    dataDir = shop.config.dataDir;
    const admin = await signUp(app, { email: ADMIN });
    // ADMIN_EMAILS makes the address admin once it is verified.
    await verifyEmail(app, dataDir, ADMIN);
    productId = await addProduct(app, admin.cookie);
    const customer = await signUp(app);

    // Orders go in all at once; a third of the way through, the operator asks for a backup.
    let backupStartedAt = Infinity;
    let backup: Promise<string> | undefined;
    let done = 0;
    const placed = await Promise.all(
      Array.from({ length: ORDERS }, async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { origin: ORIGIN, cookie: customer.cookie },
          payload: { productId, quantity: 10, email: customer.email },
        });
        const answeredAt = performance.now();
        if (++done === ORDERS / 3) {
          backupStartedAt = performance.now();
          backup = requestBackup(dataDir);
        }
        return { res, answeredAt };
      }),
    );
    const file = await backup;
    if (!file) throw new Error('the backup was never asked for');
    dump = readFileSync(file, 'utf8');
    const created = placed.filter(({ res }) => res.statusCode === 201);
    answeredBefore = created
      .filter(({ answeredAt }) => answeredAt < backupStartedAt)
      .map(({ res }) => (res.json() as { _id: string })._id);
    answeredAfter = created.length - answeredBefore.length;
  }, 120_000);
  afterAll(() => app.close());

  it('writes a timestamped plain-SQL dump to DATA_DIR/backups that only its owner can read', () => {
    const files = readdirSync(backupsDir(dataDir));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^ecparts-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sql$/);
    expect(statSync(join(backupsDir(dataDir), files[0] ?? '')).mode & 0o777).toBe(0o600);
    expect(dump).toContain('-- PostgreSQL database dump');
  });

  it('is asked for through a socket in DATA_DIR that only the server’s user may open', () => {
    const socket = statSync(controlSocketPath(dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('taken while orders are placed, holds every order answered 201 before it and no half-written one', async () => {
    // The backup really overlapped the orders: some were answered while and after it ran.
    expect(answeredBefore.length).toBeGreaterThanOrEqual(ORDERS / 3 - 1);
    expect(answeredAfter).toBeGreaterThan(0);
    const { client } = await openRestored(dump);
    try {
      const ids = new Set(
        (await client.query<{ id: string }>('select id from "order"')).rows.map((r) => r.id),
      );
      for (const id of answeredBefore) expect(ids).toContain(id);
      // An order and its stock decrement are in it together, or neither is.
      const { rows } = await client.query<{ stock: number; reserved: number }>(
        `select p.stock, (select coalesce(sum(quantity), 0)::int from "order" o
           where o.product_id = p.id) as reserved
         from product p where p.id = $1`,
        [productId],
      );
      expect(rows[0]).toBeDefined();
      expect((rows[0]?.stock ?? 0) + (rows[0]?.reserved ?? 0)).toBe(START_STOCK);
    } finally {
      await client.close();
    }
  });

  it('restores into a fresh DATA_DIR, refuses an existing database, and with --force moves it aside', async () => {
    const { dir, client } = await openRestored(dump);
    await client.close();
    await expect(restoreToPglite(dump, dir)).rejects.toBeInstanceOf(RestoreRefusal);
    const { movedAside, tables } = await restoreToPglite(dump, dir, { force: true });
    expect(movedAside && existsSync(join(movedAside, 'PG_VERSION'))).toBe(true);
    expect(tables).toContainEqual({
      table: 'drizzle.__drizzle_migrations',
      rows: expect.any(Number),
    });
    expect(tables.find((t) => t.table === 'order')?.rows).toBeGreaterThanOrEqual(
      answeredBefore.length,
    );
  });

  it('a server started on a restored DATA_DIR applies no migration twice and serves the same shop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecparts-restored-'));
    await restoreToPglite(dump, dir);
    const restored = await buildApp(testConfig({ DATA_DIR: dir, BACKUP_EVERY_HOURS: '0' }));
    try {
      const res = await restored.inject({ method: 'GET', url: `/api/tools/${productId}` });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { name: string }).name).toBe('Spoke wrench');
    } finally {
      await restored.close();
    }
  });
});

describe.runIf(testDatabaseKind === 'pglite')('a dump and a transaction in progress', () => {
  it('never catches a transaction half-way, even one that waits on something between statements', async () => {
    const client = new PGlite();
    try {
      await client.exec('create table part (n int, half text)');
      // Transactions back to back, each waiting on a timer (as on the network) between its two
      // inserts: one is open at almost every moment of the dump.
      let stop = false;
      const writer = (async () => {
        for (let n = 0; !stop; n++) {
          await client.transaction(async (tx) => {
            await tx.query(`insert into part values (${n}, 'first')`);
            await new Promise((resolve) => setTimeout(resolve, 5));
            await tx.query(`insert into part values (${n}, 'second')`);
          });
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const dump = await dumpPglite(client);
      stop = true;
      await writer;
      // The connection is left as it was: writing still works, at read committed.
      await client.query(`insert into part values (-1, 'after')`);
      const { rows } = await client.query<{ level: string }>(
        `select current_setting('transaction_isolation') as level`,
      );
      expect(rows[0]?.level).toBe('read committed');
      const firsts = dump.match(/VALUES \(\d+, 'first'\)/g) ?? [];
      const seconds = dump.match(/VALUES \(\d+, 'second'\)/g) ?? [];
      expect(firsts.length).toBeGreaterThan(0);
      expect(seconds).toHaveLength(firsts.length);
    } finally {
      await client.close();
    }
  });
});

describe.runIf(testDatabaseKind === 'pglite')('scheduled backups', () => {
  it('the running server backs up every BACKUP_EVERY_HOURS and keeps the newest BACKUP_KEEP', async () => {
    // 0.0003 hours is about a second.
    const { app, config } = await shopOnDisk({ BACKUP_EVERY_HOURS: '0.0003', BACKUP_KEEP: '2' });
    try {
      const dir = backupsDir(config.dataDir);
      const count = () => (existsSync(dir) ? readdirSync(dir).length : 0);
      await expect.poll(count, { timeout: 20_000, interval: 200 }).toBe(2);
      const first = readdirSync(dir).sort()[0];
      // A third backup replaces the oldest.
      await expect
        .poll(() => readdirSync(dir).sort()[0] !== first, { timeout: 20_000, interval: 200 })
        .toBe(true);
      expect(count()).toBe(2);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('npm run db:backup on PostgreSQL', () => {
  it('says to use pg_dump and exits with an error', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'ecparts-test-')),
      },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('pg_dump'),
    });
  });
});
