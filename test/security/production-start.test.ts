import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.ts';
import { demoAccounts } from '../../src/server/auth/demo-accounts.ts';
import {
  NO_ADMIN_HINT,
  notSignedUp,
  waitingForVerification,
} from '../../src/server/auth/admin-promotion.ts';
import { cookieFrom, linkIn, outboxFor } from '../support/auth.ts';
import { freePort } from '../support/ports.ts';
import { freshDatabase, testDatabaseKind } from '../support/test-app.ts';

/**
 * The shop as `npm start` runs it: the server compiled by scripts/build-server.ts, run by node
 * in its own process with NODE_ENV
 * unset, from a folder without a .env (so a developer's .env cannot set it either), on a fresh
 * embedded database (or a fresh PostgreSQL database in the postgres project).
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const VITE_ORIGIN = 'http://localhost:5173';

type Run = { code: number | null; stdout: string; stderr: string };
type Server = { url: string; output: () => string; stop: () => Promise<void> };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A DATA_DIR, and on PostgreSQL a database, that the servers and commands of one test share. */
async function freshStorage() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-prod-start-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (testDatabaseKind === 'postgres') {
    const database = await freshDatabase({ migrated: true });
    databaseUrl = database.url ?? '';
    cleanups.push(() => database.close());
  }
  return { dataDir, databaseUrl };
}

type Storage = Awaited<ReturnType<typeof freshStorage>>;

function childEnv(storage: Storage, extra: Record<string, string> = {}) {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // NODE_ENV is what is under test: as in a plain shell, it is not set at all.
    if (value === undefined || key === 'NODE_ENV' || /^(VITEST|TEST_)/.test(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl,
    SEED_DEMO: 'on',
    WEB_DIST_DIR: join(storage.dataDir, 'no-web-build'),
    ...extra,
  };
}

// Compiled from this checkout's source now, into a folder of its own (three folders deep, as
// the migrations' path wants it), so a stale dist/node/server cannot stand in for it.
let compiledMain = '';
beforeAll(async () => {
  mkdirSync(join(repoRoot, 'dist', 'node'), { recursive: true });
  const outdir = mkdtempSync(join(repoRoot, 'dist', 'node', 'production-start-'));
  await buildServer(outdir);
  compiledMain = join(outdir, 'main.js');
  return () => rmSync(outdir, { recursive: true, force: true });
}, 60_000);

const spawnTs = (script: string, args: string[], env: Record<string, string>) =>
  spawnNode(['--import', tsxLoader, join(repoRoot, script), ...args], env);

function spawnNode(args: string[], env: Record<string, string>) {
  return spawn(process.execPath, args, {
    cwd: mkdtempSync(join(tmpdir(), 'ecparts-cwd-')),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function startServer(storage: Storage, extra: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnNode(
    [...SERVER_NODE_FLAGS, compiledMain],
    childEnv(storage, { ...SERVER_ENV, PORT: String(port), PUBLIC_URL: url, ...extra }),
  );
  const chunks: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const output = () => chunks.join('');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone) child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && !gone) {
    if (output().includes(`Server listening at ${url}`)) return { url, output, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not start:\n${output()}`);
}

/** `npm run make-admin -- EMAIL`, against the same storage as the servers. */
async function makeAdmin(storage: Storage, email: string): Promise<Run> {
  const child = spawnTs('scripts/make-admin.ts', [email], childEnv(storage));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

async function post(server: Server, path: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const signIn = (server: Server, email: string, password: string) =>
  post(server, '/api/auth/sign-in/email', { email, password }, { origin: server.url });

const emailFor = (name: string) =>
  `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;

async function signUp(server: Server, name: string, email = emailFor(name)) {
  const account = { name, email, password: 'correct-horse-9' };
  const res = await post(server, '/api/auth/sign-up/email', account, { origin: server.url });
  expect(res.status, await res.clone().text()).toBe(200);
  return { ...account, cookie: cookieFrom(res.headers.getSetCookie()) };
}

/** Follows the verification link the server mailed (to DATA_DIR/outbox) at sign-up. */
async function followVerificationLink(storage: Storage, email: string) {
  const [mail] = outboxFor(storage.dataDir, email);
  const res = await fetch(linkIn(mail!), { redirect: 'manual' });
  expect(res.status).toBe(302);
}

async function roleAfterSignIn(server: Server, email: string, password: string) {
  const res = await signIn(server, email, password);
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { role: string } }).user.role;
}

const logLines = (server: Server) => server.output().trimEnd().split('\n');

describe('a shop started like `npm start` (NODE_ENV unset)', () => {
  it('shows the demo shop, but no demo account signs in and no development origin is trusted', async () => {
    const server = await startServer(await freshStorage());

    const tools = await fetch(`${server.url}/api/tools`);
    const { data: catalogue } = (await tools.json()) as { data: { _id: string }[] };
    expect(catalogue.length).toBeGreaterThan(0);
    for (const account of demoAccounts) {
      expect((await signIn(server, account.email, account.password)).status, account.email).toBe(
        401,
      );
    }
    expect(server.output()).not.toContain('Demo accounts');

    const customer = await signUp(server, 'Vic Vite');
    const order = { productId: catalogue[0]?._id, quantity: 10, email: customer.email };
    const fromVite = await post(server, '/api/orders', order, {
      cookie: customer.cookie,
      origin: VITE_ORIGIN,
    });
    expect(fromVite.status).toBe(403);
    // The same order from the shop's own origin goes through: the origin was the reason.
    const fromShop = await post(server, '/api/orders', order, {
      cookie: customer.cookie,
      origin: server.url,
    });
    expect(fromShop.status, await fromShop.text()).toBe(201);
    const viteSignIn = await post(
      server,
      '/api/auth/sign-in/email',
      { email: customer.email, password: customer.password },
      { origin: VITE_ORIGIN },
    );
    expect(viteSignIn.status).toBe(403);
  }, 120_000);

  it('says in one log line how to make the first admin, until there is one', async () => {
    const storage = await freshStorage();
    const server = await startServer(storage);
    const hints = logLines(server).filter((line) => line.includes(NO_ADMIN_HINT));
    expect(hints).toHaveLength(1);
    expect(hints[0]).toContain('ADMIN_EMAILS');
    expect(hints[0]).toContain('npm run make-admin');
    const owner = await signUp(server, 'Olga Owner');
    await followVerificationLink(storage, owner.email);
    // Signed up, never verified: whoever this is has not shown the mailbox is theirs.
    const claimant = await signUp(server, 'Carl Claimant');
    await server.stop();

    const again = await startServer(storage, {
      ADMIN_EMAILS: `${owner.email},${claimant.email}`,
    });
    expect(again.output()).toContain(`ADMIN_EMAILS made ${owner.email} admin`);
    expect(again.output()).toContain(waitingForVerification([claimant.email]));
    expect(again.output()).not.toContain(NO_ADMIN_HINT);
    expect(await roleAfterSignIn(again, owner.email, owner.password)).toBe('admin');
    expect(await roleAfterSignIn(again, claimant.email, claimant.password)).toBe('user');
  }, 120_000);

  it('with ADMIN_EMAILS set, says what the listed account lacks, never to restart with ADMIN_EMAILS', async () => {
    const storage = await freshStorage();
    const ownerEmail = emailFor('Nina Newcomer');
    const listed = { ADMIN_EMAILS: ownerEmail };
    const outbox = `mails are in ${storage.dataDir}/outbox`;
    const first = await startServer(storage, listed);
    const notYet = logLines(first).filter((line) => line.includes('No admin account yet'));
    expect(notYet).toHaveLength(1);
    expect(notYet[0]).toContain(`No admin account yet. ${notSignedUp([ownerEmail], first.url)}`);
    expect(notYet[0]).toContain(outbox);
    expect(first.output()).not.toContain('restart it with ADMIN_EMAILS');

    const owner = await signUp(first, 'Nina Newcomer', ownerEmail);
    await first.stop();
    const second = await startServer(storage, listed);
    const waiting = logLines(second).filter((line) => line.includes('No admin account yet'));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toContain(`No admin account yet. ${waitingForVerification([ownerEmail])}`);
    expect(second.output()).not.toContain('restart it with ADMIN_EMAILS');

    // As the line says: following the link is enough, without a restart. (Each start has its
    // own port, so the link mailed by the first is followed on this one.)
    const [mail] = outboxFor(storage.dataDir, ownerEmail);
    const link = new URL(linkIn(mail!));
    const verified = await fetch(`${second.url}${link.pathname}${link.search}`, {
      redirect: 'manual',
    });
    expect(verified.status).toBe(302);
    expect(await roleAfterSignIn(second, owner.email, owner.password)).toBe('admin');
  }, 120_000);

  it('npm run make-admin makes an account that signed up an admin', async () => {
    const storage = await freshStorage();
    const server = await startServer(storage);
    const owner = await signUp(server, 'Mona Maker');

    if (testDatabaseKind === 'pglite') {
      // An embedded database opens in one process: the command waits for the server to stop.
      const busy = await makeAdmin(storage, owner.email);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/is busy: process \d+ \(the shop's server\) has it open/);
      expect(busy.stderr).toContain('Stop the server');
      await server.stop();
    }

    const made = await makeAdmin(storage, owner.email.toUpperCase());
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`${owner.email} is now an admin`);
    const twice = await makeAdmin(storage, owner.email);
    expect(twice.stdout).toContain(`${owner.email} is already an admin`);
    const nobody = await makeAdmin(storage, 'nobody@example.com');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No account with the email nobody@example.com');

    const running = testDatabaseKind === 'pglite' ? await startServer(storage) : server;
    expect(await roleAfterSignIn(running, owner.email, owner.password)).toBe('admin');
    if (testDatabaseKind === 'pglite') expect(running.output()).not.toContain(NO_ADMIN_HINT);
  }, 120_000);
});
