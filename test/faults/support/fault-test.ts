import { afterAll, it, onTestFailed, onTestFinished, type TestContext } from 'vitest';
import { createDatabase, requirePostgres } from './postgres.ts';
import {
  removeDataDirs,
  sleep,
  startServer,
  stopServer,
  tail,
  type ServerOptions,
  type ServerProcess,
} from './server-process.ts';
import { addProduct, signUpAdmin } from './shop-client.ts';

// Every fault test file imports this module, and vitest runs each file in a fresh module
// graph: the data directories a file's servers made are removed when its tests end.
afterAll(removeDataDirs);

/** Text a database failure would put in front of a customer or an admin. */
export const DATABASE_TROUBLE =
  /deadlock|serializ|could not obtain|lock timeout|40001|40P01|55P03/i;

/**
 * A fresh database on the test PostgreSQL for this test (a skip without one, a failure in CI),
 * dropped when the test ends, after its servers have stopped.
 */
export async function testDatabase(context: TestContext) {
  const database = await createDatabase(requirePostgres(context));
  onTestFinished(() => database.drop());
  return database;
}

/**
 * A server process for this test: stopped when the test ends (a no-op when it already exited),
 * and the tail of its output printed when the test fails. Both are arranged before it has
 * started, so a test that fails while it starts still stops it.
 */
export function testServer(options: ServerOptions, name = 'server', lines = 40) {
  const starting = startServer(options);
  const started = () => starting.catch(() => undefined);
  onTestFinished(async () => stopServer(await started()));
  onTestFailed(async () => {
    const server = await started();
    console.log(
      server ? `${name} output:\n${tail(server.output(), lines)}` : `${name} did not start`,
    );
  });
  return starting;
}

/** Two servers on one database, started together: both race to migrate an empty one. */
export const twoServers = async (options: ServerOptions, lines = 25) =>
  (await Promise.all([
    testServer(options, 'first server', lines),
    testServer(options, 'second server', lines),
  ])) as [ServerProcess, ServerProcess];

/**
 * A shop on two servers over a fresh database for this test (`testDatabase`, `twoServers` with
 * `env` and `lines` of output on failure): its admin, signed up on the first, and one product
 * with `stock` that they added.
 */
export async function twoServerShop(
  context: TestContext,
  { env, stock, lines }: { env?: Record<string, string>; stock: number; lines?: number },
) {
  const database = await testDatabase(context);
  const servers = await twoServers({ databaseUrl: database.url, env }, lines);
  const admin = await signUpAdmin(servers[0].url);
  const product = await addProduct(servers[0].url, admin, stock);
  return { database, servers, admin, product };
}

/** Runs `count` calls with at most `limit` of them in flight at once, answers in call order. */
export async function withLimit<T>(count: number, limit: number, send: (i: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await send(i);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** Asks `check` every `everyMs` until it holds or `timeoutMs` has passed; says whether it held. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return false;
}

/**
 * One test twice: on PGlite in its DATA_DIR, and on a fresh PostgreSQL database. `run` is given
 * the server options for either.
 */
export function onPgliteAndPostgres(title: string, run: (options: ServerOptions) => Promise<void>) {
  it(`${title} on PGlite in DATA_DIR`, () => run({}));
  it(`${title} on PostgreSQL`, async (context) => {
    const database = await testDatabase(context);
    await run({ databaseUrl: database.url });
  });
}
