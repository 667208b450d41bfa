import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportPreview } from '../src/contract/imports.ts';
import type { Job } from '../src/contract/jobs.ts';
import { products } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { placeOrder } from './support/payments.ts';
import { makeTestApp } from './support/test-app.ts';
import { sendImportFile } from './support/import-files.ts';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
type Who = { cookie: string; email: string };

const ADMIN = 'jobs-admin@example.com';
let ctx: Ctx;
let admin: Who;
let buyer: Who;

beforeAll(async () => {
  ctx = await makeTestApp({
    ADMIN_EMAILS: ADMIN,
    MAX_UNPAID_SHARE: '100',
    JOB_RETRY_DELAY_SECONDS: '1',
  });
  admin = await signUp(ctx.app, { name: 'Jo Bs', email: ADMIN });
  buyer = await signUp(ctx.app, { name: 'Bo Buyer' });
});
afterAll(() => ctx.app.close());

const jobOf = async (id: string, as: Who = admin) =>
  inject(ctx.app, 'GET /api/jobs/:id', { params: { id }, as });

async function until(id: string, statuses: Job['status'][], seconds: number) {
  const seen: Job['status'][] = [];
  for (let i = 0; i < seconds * 10; i++) {
    const job = (await jobOf(id)).json<Job>();
    if (seen.at(-1) !== job.status) seen.push(job.status);
    if (statuses.includes(job.status)) return { job, seen };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} is still not ${statuses.join(' or ')}`);
}

it('a job that keeps throwing is retried, then failed with its reason, and an admin can run it again', async () => {
  const part = await insertProduct(ctx.db, { stock: 100, moq: 10 });
  const checked = (
    await sendImportFile(ctx.app, admin, { kind: 'stock' }, `sku,stock\n${part.sku},20\n`)
  ).json<ImportPreview>();
  expect(checked.status).toBe('valid');
  // After the check, a buyer holds more than the count: every try of the apply refuses it.
  const order = await placeOrder(ctx.app, buyer, part.id, 30);
  expect(order.statusCode, order.body).toBe(201);

  const started = await inject(ctx.app, 'POST /api/imports/:id/apply', {
    params: { id: checked._id },
    as: admin,
  });
  const { jobId } = started.json<{ jobId: string }>();
  const { job: failed } = await until(jobId, ['failed'], 30);
  expect(failed).toMatchObject({
    status: 'failed',
    attempts: 4,
    error: 'Line 2: 30 are held by unpaid orders: the count cannot be below that',
  });
  expect(failed.finishedAt).not.toBeNull();
  expect((await ctx.db.select().from(products).where(eq(products.id, part.id)))[0]?.stock).toBe(70);

  // Not failed yet: refused.
  const early = await inject(ctx.app, 'POST /api/jobs/:id/retry', {
    params: { id: jobId },
    as: buyer,
  });
  expect(early.statusCode).toBe(403);

  // The order goes, and the admin runs the apply again: 20 counted, none held.
  const gone = await inject(ctx.app, 'DELETE /api/orders/:id', {
    params: { id: order.json<{ _id: string }>()._id },
    as: buyer,
  });
  expect(gone.statusCode, gone.body).toBe(200);
  const retried = await inject(ctx.app, 'POST /api/jobs/:id/retry', {
    params: { id: jobId },
    as: admin,
  });
  expect(retried.statusCode, retried.body).toBe(200);
  expect(retried.json<Job>().status).toBe('queued');
  const { job: done } = await until(jobId, ['done', 'failed'], 15);
  expect(done).toMatchObject({ status: 'done', error: null });
  expect((await ctx.db.select().from(products).where(eq(products.id, part.id)))[0]?.stock).toBe(20);

  const again = await inject(ctx.app, 'POST /api/jobs/:id/retry', {
    params: { id: jobId },
    as: admin,
  });
  expect(again.statusCode).toBe(409);
  expect(again.json<{ message: string }>().message).toBe(
    'Only a failed job can be retried: this one is done.',
  );
});

it('answers 404 for a job that does not exist, and only to admins', async () => {
  expect((await jobOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  expect((await jobOf('not-an-id')).statusCode).toBe(404);
  expect((await jobOf('00000000-0000-4000-8000-000000000000', buyer)).statusCode).toBe(403);
});
