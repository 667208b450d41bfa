import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/server/app.ts';
import { openPglite } from '../src/server/db/client.ts';
import { requestBackup } from '../src/server/db/control-socket.ts';
import { markDataDirInUse } from '../src/server/db/data-dir-lock.ts';
import { ORIGIN, outboxFor, signUp } from './support/auth.ts';
import { freshDatabase, testConfig, testDatabaseKind } from './support/test-app.ts';

const onPglite = testDatabaseKind === 'pglite';

/** Every path under `root` (itself included) with its permission bits. */
function modes(root: string): { path: string; mode: number; dir: boolean }[] {
  const stats = lstatSync(root);
  const here = { path: root, mode: stats.mode & 0o7777, dir: stats.isDirectory() };
  if (!stats.isDirectory()) return [here];
  return [here, ...readdirSync(root).flatMap((name) => modes(join(root, name)))];
}

const octal = (mode: number) => mode.toString(8).padStart(4, '0');

const OLD_MAIL = JSON.stringify({
  to: [{ address: 'old@example.com' }],
  subject: 'Reset your password',
  text: 'http://localhost:3000/reset',
  html: '',
});

/** What an older version left behind under a 022 umask: folders 0755, files 0644 (PGlite 0666). */
async function looseDataDir() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-private-'));
  chmodSync(dataDir, 0o755);
  const loose = (path: string, text: string) => {
    writeFileSync(path, text);
    chmodSync(path, 0o644);
  };
  const looseDir = (path: string) => {
    mkdirSync(path);
    chmodSync(path, 0o755);
  };
  loose(join(dataDir, 'auth-secret'), 'an-old-secret-of-at-least-32-characters-x');
  looseDir(join(dataDir, 'outbox'));
  loose(join(dataDir, 'outbox', '0000000000001-000000-00000000-old@example.com.json'), OLD_MAIL);
  if (onPglite) {
    looseDir(join(dataDir, 'backups'));
    loose(
      join(dataDir, 'backups', 'ecparts-2026-01-01T00-00-00-000Z.sql'),
      '-- PostgreSQL database dump\n',
    );
    // A database written by PGlite as it is: 0666 files, whatever the umask.
    const client = new PGlite(join(dataDir, 'pglite'));
    await client.exec('select 1');
    await client.close();
  }
  return dataDir;
}

describe('DATA_DIR is the shop’s alone', () => {
  let app: App;
  let dataDir: string;
  let before: { path: string; mode: number; dir: boolean }[];
  let releaseMarker: () => void;
  let umask: number;

  beforeAll(async () => {
    // The loosest umask there is: nothing below may rely on the operator's.
    umask = process.umask(0);
    dataDir = await looseDataDir();
    before = modes(dataDir);
    const config = testConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: '0' });
    // As `npm start` does (src/server/main.ts): the pid mark, then the app.
    releaseMarker = markDataDirInUse(dataDir);
    // The embedded database is opened by the app itself, from DATA_DIR; PostgreSQL has only the
    // secret and the outbox there.
    app = onPglite
      ? await buildApp(config)
      : await buildApp(config, { database: await freshDatabase({ migrated: true }) });

    const { email } = await signUp(app);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    // Better Auth may send the mail after it answers.
    for (let tries = 0; !outboxFor(dataDir, email).some((m) => /Reset/.test(m.subject)); tries++) {
      if (tries > 100) throw new Error('no password-reset mail in the outbox');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (onPglite) await requestBackup(dataDir);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    releaseMarker?.();
    process.umask(umask);
  });

  it('after a start, a password-reset mail and a backup, every folder is 0700 and every file 0600', () => {
    // What the shop started from really was open to others.
    expect(before.filter((entry) => entry.mode & 0o077).length).toBeGreaterThan(onPglite ? 100 : 3);
    const entries = modes(dataDir);
    const names = entries.map((entry) => entry.path.slice(dataDir.length + 1));
    expect(names).toEqual(expect.arrayContaining(['auth-secret', 'server.pid', 'outbox']));
    expect(readdirSync(join(dataDir, 'outbox')).length).toBeGreaterThanOrEqual(3);
    if (onPglite) {
      expect(names).toEqual(
        expect.arrayContaining(['backups', 'control.sock', 'pglite/PG_VERSION']),
      );
      expect(readdirSync(join(dataDir, 'backups'))).toHaveLength(2);
    }
    const open = entries
      .filter((entry) => entry.mode !== (entry.dir ? 0o700 : 0o600))
      .map((entry) => `${octal(entry.mode)} ${entry.path}`);
    expect(open).toEqual([]);
  });
});

describe('tightening at start', () => {
  it('makes DATA_DIR itself 0700, and leaves alone what is not the shop’s in it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-private-'));
    chmodSync(dataDir, 0o755);
    const notes = join(dataDir, 'notes.txt');
    writeFileSync(notes, 'mine');
    chmodSync(notes, 0o644);
    const app = await buildApp(testConfig({ DATA_DIR: dataDir }), {
      database: await freshDatabase({ migrated: true }),
    });
    await app.close();
    expect(lstatSync(notes).mode & 0o777).toBe(0o644);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
  });
});

describe.runIf(onPglite)('the embedded database', () => {
  it('writes its new files owner-only while it runs, whatever the umask', async () => {
    const umask = process.umask(0);
    const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-private-'));
    try {
      const database = openPglite(dataDir);
      if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
      const client = database.driver.client;
      // New tables, an index, a rewrite and a checkpoint: PostgreSQL creates and replaces files.
      await client.exec(`create table part (n int primary key, name text);
        insert into part select n, 'part ' || n from generate_series(1, 20000) n;
        create index on part (name); checkpoint;`);
      await client.exec('vacuum full part');
      await client.exec('analyze');
      await database.close();
    } finally {
      process.umask(umask);
    }
    const open = modes(dataDir)
      .filter((entry) => entry.mode !== (entry.dir ? 0o700 : 0o600))
      .map((entry) => `${octal(entry.mode)} ${entry.path}`);
    expect(open).toEqual([]);
  });
});
