import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { createDatabase, requirePostgres, type Database } from './support/postgres.ts';
import {
  removeDataDirs,
  startServer,
  stopServer,
  type ServerProcess,
} from './support/server-process.ts';
import {
  addProduct,
  call,
  ordersOf,
  placeOrder,
  signUp,
  signUpAdmin,
  type Caller,
} from './support/shop-client.ts';
import { US_ADDRESS } from '../support/delivery.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'correct-horse-9';

/** Runs one of the package's scripts (`npm run db:backup` and friends) as the operator would. */
async function runScript(script: string, args: string[], env: Record<string, string>) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('VITEST') && !key.startsWith('TEST_'),
    ),
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', `scripts/${script}`, ...args],
    { cwd: repoRoot, env: { ...inherited, DATABASE_URL: '', ...env } },
  );
  return stdout;
}

const servers: (ServerProcess | undefined)[] = [];
let database: Database | undefined;
afterAll(async () => {
  for (const server of servers) await stopServer(server);
  await database?.drop();
  removeDataDirs();
});

async function paidOrder(url: string, customer: Caller, productId: string) {
  const placed = await placeOrder(url, customer, productId, 10);
  expect(placed.status).toBe(201);
  const orderId = (placed.body as { _id: string })._id;
  const intent = await call(url, 'POST', '/api/create-payment-intent', {
    cookie: customer.cookie,
    body: { orderId, totalPrice: 0.01 },
  });
  expect(intent.status).toBe(200);
  const { clientSecret } = intent.body as { clientSecret: string };
  const charged = await call(url, 'POST', '/api/payments/test/confirm', {
    cookie: customer.cookie,
    body: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(charged.status).toBe(200);
  const { paymentIntentId } = charged.body as { paymentIntentId: string };
  const recorded = await call(url, 'PATCH', `/api/order/${orderId}`, {
    cookie: customer.cookie,
    body: { transactionId: paymentIntentId },
  });
  expect(recorded.status).toBe(200);
  return orderId;
}

/** Everything a shopper and the shop's owner can read back through the API. */
async function shopSeenBy(url: string, customer: Caller, productId: string) {
  const products = await call(url, 'GET', '/api/tools');
  const product = await call(url, 'GET', `/api/tools/${productId}`);
  const reviews = await call(url, 'GET', '/api/reviews');
  // The search reads a column and index of its own (drizzle/0016): the restore keeps them.
  const found = await call(url, 'GET', '/api/tools?q=SPOKE%20WR');
  return {
    products: products.body,
    found: found.body,
    product: product.body,
    reviews: reviews.body,
    orders: await ordersOf(url, customer),
  };
}

it('a shop filled on the embedded database, backed up and restored into PostgreSQL, serves the same shop there', async (context) => {
  const baseUrl = requirePostgres(context);

  // The shop as `npm start` runs it: PGlite in DATA_DIR, filled through the API.
  const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-faults-'));
  const embedded = await startServer({ dataDir });
  servers.push(embedded);
  const admin = await signUpAdmin(embedded.url);
  const product = await addProduct(embedded.url, admin, 100);
  const customer = await signUp(embedded.url);
  // Orders ship to the customer's default address by the shop's method, so they can be paid.
  const method = await call(embedded.url, 'POST', '/api/shipping-methods', {
    cookie: admin.cookie,
    body: {
      name: 'Courier',
      countries: ['*'],
      rate: { kind: 'flat', price: 9.5 },
      deliveryDays: 2,
    },
  });
  expect(method.status).toBe(201);
  const shipTo = await call(embedded.url, 'POST', '/api/addresses', {
    cookie: customer.cookie,
    body: { ...US_ADDRESS, name: 'Workshop' },
  });
  expect(shipTo.status).toBe(201);
  expect((await placeOrder(embedded.url, customer, product._id, 10)).status).toBe(201);
  const paidId = await paidOrder(embedded.url, customer, product._id);
  const review = await call(embedded.url, 'POST', '/api/review', {
    cookie: customer.cookie,
    body: { desc: 'Sturdy wrench, fast delivery.', rating: 5 },
  });
  expect(review.status).toBe(201);
  const before = await shopSeenBy(embedded.url, customer, product._id);
  expect(before.orders).toHaveLength(2);
  expect(before.found).toMatchObject({ total: 1, data: [{ _id: product._id }] });
  expect(JSON.stringify(before.reviews)).toContain('Sturdy wrench, fast delivery.');
  expect((before.product as { stock: number }).stock).toBe(80);

  // `npm run db:backup` while it runs (the server writes the dump), then the server stops.
  const backedUp = await runScript('db-backup.ts', [], { DATA_DIR: dataDir });
  const file = /to (\S+\.sql)/.exec(backedUp)?.[1];
  expect(file, backedUp).toBeDefined();
  embedded.signal('SIGTERM');
  expect((await embedded.exited).code).toBe(0);

  // `npm run db:restore -- FILE --to postgres://…` into a new, empty database.
  database = await createDatabase(baseUrl);
  const restored = await runScript('db-restore.ts', [file ?? '', '--to', database.url], {});
  expect(restored).toMatch(/order\s+2 rows/);
  expect(restored).toMatch(/drizzle\.__drizzle_migrations\s+\d+ rows/);
  // Loading again into the now non-empty database is refused.
  await expect(
    runScript('db-restore.ts', [file ?? '', '--to', database.url], {}),
  ).rejects.toMatchObject({ stderr: expect.stringContaining('not empty') });

  // `DATABASE_URL=… npm start`: it starts (no migration applied twice) and serves the same shop.
  const onPostgres = await startServer({ databaseUrl: database.url });
  servers.push(onPostgres);
  expect(await shopSeenBy(onPostgres.url, customer, product._id)).toEqual(before);
  const paid = before.orders.find((order) => order._id === paidId) as { paid?: boolean };
  expect(paid.paid).toBe(true);

  // The old session cookie still works, and so does the old password.
  const me = await call(onPostgres.url, 'GET', '/api/auth/get-session', {
    cookie: customer.cookie,
  });
  expect(me.status).toBe(200);
  expect((me.body as { user?: { email: string } }).user?.email).toBe(customer.email);
  const signIn = await call(onPostgres.url, 'POST', '/api/auth/sign-in/email', {
    body: { email: customer.email, password: PASSWORD },
  });
  expect(signIn.status).toBe(200);
  const wrong = await call(onPostgres.url, 'POST', '/api/auth/sign-in/email', {
    body: { email: customer.email, password: 'not-the-password-1' },
  });
  expect(wrong.status).toBe(401);

  // And it goes on as a shop: a new order on PostgreSQL takes stock from the restored count.
  expect((await placeOrder(onPostgres.url, customer, product._id, 10)).status).toBe(201);
  const after = await call(onPostgres.url, 'GET', `/api/tools/${product._id}`);
  expect((after.body as { stock: number }).stock).toBe(70);
});
