import pg from 'pg';
import type { TestContext } from 'vitest';

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
    drop: () => dropDatabase(url, name),
  };
}

/**
 * FORCE ends the database's connections, but a process there without a role (an autovacuum
 * worker after a test's many orders, a connection still starting up) takes a superuser to end:
 * PostgreSQL refuses with 42501. Such a process ends by itself soon, so try again until it has.
 */
async function dropDatabase(url: string, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await adminQuery(url, `drop database if exists ${name} with (force)`);
    } catch (error) {
      const notYet = (error as { code?: string }).code === '42501' && attempt < 40;
      if (!notYet) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
