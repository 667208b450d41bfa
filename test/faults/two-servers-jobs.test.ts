import { describe, expect, it } from 'vitest';
import { startReceiver } from '../support/webhook-receiver.ts';
import { twoServerShop, until } from './support/fault-test.ts';
import { applyOn, jobEnded, jobOn, triesOn, uploadImport, type Job } from './support/imports.ts';
import type { Database } from './support/postgres.ts';
import { tail, type ServerProcess } from './support/server-process.ts';
import { call, type Caller } from './support/shop-client.ts';

// Issue 33: "Jobs survive a restart. With two servers on one PostgreSQL, each job runs once."
// and "Applying twice applies once", with two real server processes on one database.

const productsFile = (prefix: string, count: number) =>
  [
    'sku,name,price,category,brand',
    ...Array.from(
      { length: count },
      (_, i) => `${prefix}-${i},Two-server part ${i},4.50,Faults > Two servers,Twinco`,
    ),
  ].join('\n');

const count = async (database: Database, text: string, values: unknown[]) =>
  Number((await database.query<{ n: string }>(text, values))[0]?.n);

/** What an import wrote, counted in the database: a second apply would show in each. */
async function footprint(database: Database, importId: string) {
  const [jobs, audits, movements] = await Promise.all([
    count(database, `select count(*) n from job where input->>'importId' = $1`, [importId]),
    count(database, `select count(*) n from audit_log where target_id = $1`, [importId]),
    count(database, `select count(*) n from stock_movement where note = $1`, [
      `import ${importId}`,
    ]),
  ]);
  return { jobs, audits, movements };
}

const skusLike = (database: Database, prefix: string) =>
  count(database, `select count(distinct sku) n from product where sku like $1`, [`${prefix}-%`]);

/**
 * The apply sent to both servers at once, `times` each: every answer a 202 naming one job,
 * which ends done and reads the same from either server; that job.
 */
async function applyFromBoth(servers: ServerProcess[], admin: Caller, importId: string, times = 5) {
  const sends = servers.flatMap((s) => Array.from({ length: times }, () => s));
  const answers = await Promise.all(sends.map((s) => applyOn(s.url, admin, importId)));
  expect(answers.map((a) => a.status)).toEqual(sends.map(() => 202));
  const jobIds = new Set(answers.map((a) => a.jobId));
  expect(jobIds.size, JSON.stringify(answers)).toBe(1);
  const [jobId] = [...jobIds] as [string];
  const job = await jobEnded(servers[0]!.url, admin, jobId);
  expect(job, job.error ?? '').toMatchObject({ status: 'done', attempts: 1 });
  for (const server of servers) expect(await jobOn(server.url, admin, jobId)).toEqual(job);
  // One server took it, once.
  expect(servers.map((s) => triesOn(s, jobId)).sort()).toEqual([0, 1]);
  return job;
}

describe('import jobs, two servers on one PostgreSQL', () => {
  it('applies an import sent to both servers at once, five times each, exactly once', async (context) => {
    const receiver = await startReceiver();
    context.onTestFinished(() => receiver.close());
    const { database, servers, admin } = await twoServerShop(context, {
      env: { WEBHOOK_ALLOW_PRIVATE: '1', JOB_RETRY_DELAY_SECONDS: '1' },
      stock: 1,
    });
    const [a, b] = servers;
    const hook = await call(a.url, 'POST', '/api/webhooks', {
      cookie: admin.cookie,
      body: { url: receiver.url('/hook'), events: ['product.created'] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);

    // Products: each created once, and one product.created event each.
    const parts = await uploadImport(a.url, admin, 'products', productsFile('TWO', 60));
    const created = await applyFromBoth(servers, admin, parts._id);
    expect(created.result).toMatchObject({ applied: 60, already: false });
    expect(await skusLike(database, 'TWO')).toBe(60);
    expect(await count(database, `select count(*) n from product where sku like 'TWO-%'`, [])).toBe(
      60,
    );
    const events = await database.query<{ n: string; products: string }>(
      `select count(*) n, count(distinct data->>'_id') products from webhook_event
       where type = 'product.created' and data->>'sku' like 'TWO-%'`,
    );
    expect(events[0]).toEqual({ n: '60', products: '60' });
    expect(await footprint(database, parts._id)).toEqual({ jobs: 1, audits: 1, movements: 0 });

    // Stock: one `counted` movement per line, noted with the import.
    const counts = Array.from({ length: 60 }, (_, i) => `TWO-${i},${i + 7}`);
    const stock = await uploadImport(b.url, admin, 'stock', ['sku,stock', ...counts].join('\n'));
    const counted = await applyFromBoth(servers, admin, stock._id);
    expect(counted.result).toMatchObject({ applied: 60, already: false });
    expect(await footprint(database, stock._id)).toEqual({ jobs: 1, audits: 1, movements: 60 });
    const moved = await database.query<{ sku: string; delta: number; reason: string }>(
      `select p.sku, m.delta, m.reason from stock_movement m join product p on p.id = m.product_id
       where m.note = $1 order by m.id`,
      [`import ${stock._id}`],
    );
    expect(new Set(moved.map((m) => m.sku)).size).toBe(60);
    expect(
      moved.every((m) => m.reason === 'counted' && m.delta === Number(m.sku.slice(4)) + 7),
    ).toBe(true);

    // Asked again once it is done, from either server: the same job, and nothing more written.
    for (const [server, importId, jobId] of [
      [a, stock._id, counted._id],
      [b, parts._id, created._id],
    ] as const) {
      expect(await applyOn(server.url, admin, importId)).toEqual({ status: 202, jobId });
    }
    expect(await footprint(database, stock._id)).toEqual({ jobs: 1, audits: 1, movements: 60 });
    expect(await footprint(database, parts._id)).toEqual({ jobs: 1, audits: 1, movements: 0 });
    expect(await skusLike(database, 'TWO')).toBe(60);
  });

  it('runs each of eight imports queued while both servers run once', async (context) => {
    const { database, servers, admin } = await twoServerShop(context, {
      env: { JOB_RETRY_DELAY_SECONDS: '1' },
      stock: 1,
    });
    const uploads = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        uploadImport(servers[i % 2]!.url, admin, 'products', productsFile(`Q${i}`, 40)),
      ),
    );
    // All applied at once, alternately on each server, each asked twice.
    const answers = await Promise.all(
      uploads.flatMap((u, i) => [
        applyOn(servers[i % 2]!.url, admin, u._id),
        applyOn(servers[(i + 1) % 2]!.url, admin, u._id),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
    const jobIds = uploads.map((_, i) => answers[2 * i]!.jobId!);
    expect(answers.map((a) => a.jobId)).toEqual(jobIds.flatMap((id) => [id, id]));
    expect(new Set(jobIds).size).toBe(8);

    const jobs: Job[] = [];
    for (const jobId of jobIds) jobs.push(await jobEnded(servers[1].url, admin, jobId));
    for (const job of jobs) {
      expect(job, job.error ?? '').toMatchObject({
        status: 'done',
        attempts: 1,
        result: { applied: 40, already: false },
      });
      expect(servers.map((s) => triesOn(s, job._id)).sort()).toEqual([0, 1]);
    }
    console.log(
      `eight imports: ${jobIds.filter((id) => triesOn(servers[0], id) === 1).length} run by the first server, ${jobIds.filter((id) => triesOn(servers[1], id) === 1).length} by the second`,
    );
    for (const [i, u] of uploads.entries()) {
      expect(await skusLike(database, `Q${i}`)).toBe(40);
      expect(await footprint(database, u._id)).toEqual({ jobs: 1, audits: 1, movements: 0 });
    }
    expect(await count(database, `select count(*) n from product where sku like 'Q%'`, [])).toBe(
      320,
    );
  });

  it('finishes on the other server an apply whose server was killed with SIGKILL, applying it once', async (context) => {
    const ROWS = 4000;
    const { database, servers, admin } = await twoServerShop(context, {
      env: { JOB_RETRY_DELAY_SECONDS: '1' },
      stock: 1,
      lines: 40,
    });
    const parts = await uploadImport(servers[0].url, admin, 'products', productsFile('KILL', ROWS));
    const started = await applyOn(servers[0].url, admin, parts._id);
    expect(started.status).toBe(202);
    const jobId = started.jobId!;

    // Whichever server took it, killed once its apply has written a batch.
    let runner: ServerProcess | undefined;
    const midway = await until(
      async () => {
        runner = servers.find((s) => triesOn(s, jobId) === 1);
        const job = await jobOn(servers[0].url, admin, jobId);
        return runner !== undefined && job.status === 'running' && job.progress.done > 0;
      },
      30_000,
      20,
    );
    expect(midway).toBe(true);
    const survivor = servers.find((s) => s !== runner)!;
    expect((await runner!.kill()).signal).toBe('SIGKILL');
    const killedAt = Date.now();

    // Nothing of the cut transaction is left; the survivor takes the job up once the killed
    // server's heartbeat lapses, and applies all of it once.
    const left = await skusLike(database, 'KILL');
    expect([0, ROWS]).toContain(left);
    const job = await jobEnded(survivor.url, admin, jobId, 90_000);
    expect(job, tail(survivor.output())).toMatchObject({ status: 'done', attempts: 2 });
    // Heartbeat (10 s), pg-boss's monitor pass (every 10 s), the retry delay and the apply.
    const tookMs = Date.now() - killedAt;
    console.log(`the apply was finished by the other server ${tookMs} ms after the kill`);
    expect(tookMs).toBeLessThan(40_000);
    expect(triesOn(survivor, jobId)).toBe(1);
    expect(await skusLike(database, 'KILL')).toBe(ROWS);
    expect(
      await count(database, `select count(*) n from product where sku like 'KILL-%'`, []),
    ).toBe(ROWS);
    expect(await footprint(database, parts._id)).toEqual({ jobs: 1, audits: 1, movements: 0 });
  });
});
