// The databases a benchmark runs on: the embedded PGlite always, and PostgreSQL when
// BENCH_DATABASE_URL (or DATABASE_URL) names a server whose user may CREATEDB. Each PostgreSQL
// run gets a throwaway database, dropped afterwards (also on Ctrl-C).
import pg from 'pg';

export type BenchDatabase = {
  kind: 'pglite' | 'postgres';
  /** For the server under test: undefined means PGlite in a temp DATA_DIR. */
  url: string | undefined;
};

export const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** A throwaway database on the given server, dropped by the returned function. */
export async function throwawayDatabase(url: string) {
  const name = `ecparts_bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { url: target.toString(), drop };
}

/** Runs `measure` on PGlite, then on a throwaway PostgreSQL database when one is configured. */
export async function onEachDatabase<T>(
  measure: (database: BenchDatabase) => Promise<T>,
  { pglite = true }: { pglite?: boolean } = {},
): Promise<T[]> {
  const outcomes: T[] = [];
  if (pglite) outcomes.push(await measure({ kind: 'pglite', url: undefined }));
  if (!postgresUrl) {
    console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or DATABASE_URL to include it)');
    return outcomes;
  }
  const database = await throwawayDatabase(postgresUrl);
  // Ctrl-C stops the servers (same process group); drop the database before leaving too.
  const interrupted = () => void database.drop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  try {
    outcomes.push(await measure({ kind: 'postgres', url: database.url }));
  } finally {
    process.off('SIGINT', interrupted);
    await database.drop();
  }
  return outcomes;
}

/** A number of seconds from the environment. */
export function seconds(name: string, fallback: number) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of seconds`);
  return value;
}
