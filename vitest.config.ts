import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Every integration test runs on a fresh in-memory PGlite, and again on a real PostgreSQL
// when TEST_DATABASE_URL is set (CI sets it).
const databases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const testFiles = ['test', 'src'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(dir, file)),
);

/**
 * A worker runs file after file in one module graph (`isolate: false`): the app's modules load
 * once per worker, not once per file, which takes about 40% off the suite. Each file still
 * builds its own app on its own database. A file that replaces a module (`vi.mock`) needs the
 * graph to itself, so those run isolated. (Listed by `include`: a project's own `exclude` would
 * drop the command line's.)
 */
const mocking = testFiles.filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
const sharing = testFiles.filter((file) => !mocking.includes(file));

export default defineConfig({
  test: {
    projects: databases.flatMap((db) => {
      const shared = { env: { TEST_DB: db }, testTimeout: 30_000, hookTimeout: 60_000 };
      return [
        { test: { ...shared, name: db, include: sharing, isolate: false } },
        ...(mocking.length > 0
          ? [{ test: { ...shared, name: `${db} (own modules)`, include: mocking } }]
          : []),
      ];
    }),
  },
});
