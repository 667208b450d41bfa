import pg from 'pg';
import type { TestContext } from 'vitest';
import { adminQuery, dropTestDatabase } from '../../support/drop-database.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const MISSING =
  'TEST_DATABASE_URL is not set: these PostgreSQL fault tests need a user that may create databases';

if (!baseUrl) {
  // Say it once, at collection, where a developer running the suite will read it.
  console.warn(
    process.env.CI === 'true'
      ? `fault tests: ${MISSING}; in CI that is a failure.`
      : `fault tests: ${MISSING}; skipping them here (CI fails instead).`,
  );
}

/**
 * The test PostgreSQL, or a skip with the reason when there is none. In CI a missing database
 * fails the test instead: a suite that silently skips there would prove nothing.
 */
export function requirePostgres(context: TestContext): string {
  if (baseUrl) return baseUrl;
  if (process.env.CI === 'true') throw new Error(`${MISSING} (CI=true, so this fails)`);
  return context.skip(MISSING);
}

export type Database = Awaited<ReturnType<typeof createDatabase>>;

/** A new, empty database on the test PostgreSQL; `drop` removes it, connections and all. */
export async function createDatabase(url: string) {
  const name = `ecparts_faults_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(url, `create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    query: async <Row>(text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: dbUrl.toString() });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as Row[];
      } finally {
        await client.end();
      }
    },
    drop: () => dropTestDatabase(url, name),
  };
}
