import { execFile } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { dumpPglite } from '../src/server/db/backup.ts';
import { testDatabaseKind } from './support/test-app.ts';

/** A dump as `npm run db:backup` writes it, of a small database. */
async function dumpFile() {
  const client = new PGlite();
  try {
    await client.exec(`create table part (sku text primary key, stock int);
      insert into part values ('SPK-1', 40), ('SPK-2', 7);`);
    const file = join(mkdtempSync(join(tmpdir(), 'ecparts-dump-')), 'backup.sql');
    writeFileSync(file, await dumpPglite(client));
    return file;
  } finally {
    await client.close();
  }
}

function restore(file: string, dataDir: string) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/db-restore.ts', file], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
  });
}

/** Every path under `root` (itself included) whose mode lets group or others in. */
function shared(root: string): string[] {
  const stats = lstatSync(root);
  const here = stats.mode & 0o077 ? [`${(stats.mode & 0o777).toString(8)} ${root}`] : [];
  if (!stats.isDirectory()) return here;
  return [...here, ...readdirSync(root).flatMap((name) => shared(join(root, name)))];
}

// A restore goes into the embedded database in DATA_DIR; PostgreSQL has nothing to add here.
describe.runIf(testDatabaseKind === 'pglite')('npm run db:restore', () => {
  it('creates a DATA_DIR that does not exist yet, owner-only, and restores into it', async () => {
    const file = await dumpFile();
    const dataDir = join(mkdtempSync(join(tmpdir(), 'ecparts-new-')), 'shop', 'data');
    const { stdout } = await restore(file, dataDir);
    expect(stdout).toContain(`Restored ${file} into the embedded database`);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(shared(dataDir)).toEqual([]);
    const client = new PGlite(join(dataDir, 'pglite'));
    try {
      const { rows } = await client.query<{ sku: string; stock: number }>(
        'select sku, stock from part order by sku',
      );
      expect(rows).toEqual([
        { sku: 'SPK-1', stock: 40 },
        { sku: 'SPK-2', stock: 7 },
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
