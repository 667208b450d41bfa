// GET /api/admin/overview at 100,000 orders (issue 35; DESIGN.md "Budgets": p95 <= 50 ms), on
// PGlite and (when a URL is given) PostgreSQL.
//
// In process, as the checkout CPU measure of 2026-11-25 was taken: the server is built with
// buildApp on a fresh database (migrated, as `npm start` does), filled by SQL with
// BENCH_ORDERS (100,000) orders over the last 13 months: most shipped, some paid and waiting,
// some on backorder, unpaid, awaiting approval, cancelled; a fifth on account for 200
// companies, some invoices past due; 2,000 parts, some low on stock. Then VACUUM ANALYZE (as
// autovacuum soon would), 20 untimed calls, and BENCH_CALLS (300) timed one after another
// through app.inject with an admin's session: the whole request (guards, the eight reads, the
// answer's validation and JSON) without the network.
//
//   npx tsx bench/overview.ts
//   BENCH_DATABASE_URL=postgres://dev:dev@127.0.0.1:5432/dev npx tsx bench/overview.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { parseConfig } from '../src/server/config.ts';
import { openPglite, openPostgres } from '../src/server/db/client.ts';
import { cookieFrom } from '../test/support/auth.ts';
import { onEachDatabase, type BenchDatabase } from './support/databases.ts';
import { fmt, printTable, runContext, writeResult } from './support/results.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const BUDGET_P95_MS = 50;
const ADMIN = { email: 'bench-admin@ecparts.test', password: 'bench-admin-2026', name: 'Bench' };

/** The shop's data at scale, written in a few statements. */
async function fill(db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }) {
  await db.execute(sql`
    insert into product (sku, name, price_cents, stock, tiers, image_url)
    select 'OVB-' || lpad(i::text, 6, '0'), 'Overview part ' || i, 100 + (i % 50) * 37,
      case when i % 10 = 0 then i % 15 else 50 + i % 400 end, '[]'::jsonb, '/images/p.svg'
    from generate_series(1, 2000) i`);
  await db.execute(sql`
    insert into company (name, net_days, credit_limit_cents, balance_cents)
    select 'Bench company ' || i, 30, 10000000, 50000 + i * 1000 from generate_series(1, 200) i`);
  // Status by i % 100: 0-1 unpaid, 2 awaiting approval, 3-6 paid, 7 partly shipped,
  // 8 cancelled, 9 expired, the rest shipped. Every fifth order is on account.
  await db.execute(sql`
    with c as (select array_agg(id order by name) ids from company),
    p as (select array_agg(id order by sku) ids, array_agg(sku order by sku) skus from product),
    src as (
      select i, now() - ((i * 397) % (395 * 24 * 60)) * interval '1 minute' as at,
        case when i % 100 < 2 then 'unpaid' when i % 100 = 2 then 'awaiting_approval'
          when i % 100 < 7 then 'paid' when i % 100 = 7 then 'partially_shipped'
          when i % 100 = 8 then 'cancelled' when i % 100 = 9 then 'expired' else 'shipped' end as status,
        i % 5 = 0 as account, 10 + i % 40 as qty, 100 + (i % 50) * 37 as unit,
        1 + (i * 7919) % 2000 as part
      from generate_series(1, ${ORDERS}) i
    )
    insert into "order" (id, user_id, email, user_name, product_id, product_name, unit_price_cents,
      quantity, total_cents, grand_total_cents, status, hold_until, created_at, paid_at,
      shipped_at, payment_method, company_id, invoice_number, invoiced_at, due_at)
    select md5('order' || i)::uuid, 'bench-user-' || (i % 500), 'buyer' || (i % 500) || '@bench.test',
      'Buyer ' || (i % 500), (select ids[part] from p), 'Overview part ' || part, unit, qty,
      unit * qty, unit * qty, status,
      case when status in ('unpaid', 'awaiting_approval') then now() + ((i % 120) * interval '1 minute') else at + interval '30 minutes' end,
      at,
      case when status in ('paid', 'partially_shipped', 'shipped', 'cancelled') then at + interval '5 minutes' end,
      case when status = 'shipped' then at + interval '1 day' end,
      case when account then 'account' else 'card' end,
      case when account then (select ids[1 + i % 200] from c) end,
      case when account and status in ('paid', 'partially_shipped', 'shipped') then 'INV-B-' || i end,
      case when account and status in ('paid', 'partially_shipped', 'shipped') then at + interval '5 minutes' end,
      case when account and status in ('paid', 'partially_shipped', 'shipped') then at + interval '30 days' end
    from src`);
  await db.execute(sql`
    insert into order_line (order_id, line_no, product_id, sku, product_name, quantity,
      unit_price_cents, line_total_cents, reserved, backordered)
    select o.id, 1, o.product_id, p.sku, o.product_name, o.quantity, o.unit_price_cents,
      o.total_cents,
      case when o.status in ('paid', 'partially_shipped') and o.number % 3 = 0 then o.quantity - 5
        when o.status in ('expired', 'cancelled') then 0 else o.quantity end,
      case when o.status in ('paid', 'partially_shipped') and o.number % 3 = 0 then 5 else 0 end
    from "order" o join product p on p.id = o.product_id`);
  await db.execute(sql`
    insert into contact_message (name, email, message, status)
    select 'Visitor ' || i, 'v' || i || '@bench.test', 'A question about parts.',
      case when i % 4 = 0 then 'open' else 'done' end
    from generate_series(1, 2000) i`);
  await db.execute(sql`vacuum analyze`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(database: BenchDatabase) {
  const opened = database.url ? openPostgres(database.url) : await openPglite();
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ecparts-bench-overview-')),
    WEB_DIST_DIR: join(tmpdir(), 'ecparts-no-web-build'),
    BETTER_AUTH_SECRET: 'bench-overview-secret-0123456789abcdef',
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  const app = await buildApp(config, { database: opened });
  try {
    const filledFrom = performance.now();
    console.log(`${database.kind}: filling ${ORDERS} orders…`);
    // On PostgreSQL through a connection of its own: the server's pool times out long statements.
    if (database.url) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await fill(drizzle(client));
      } finally {
        await client.end();
      }
    } else await fill(opened.db);
    console.log(`${database.kind}: filled in ${fmt((performance.now() - filledFrom) / 1000, 1)} s`);
    const fillSeconds = (performance.now() - filledFrom) / 1000;
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: ADMIN,
    });
    if (signedUp.statusCode !== 200) throw new Error(`sign-up: ${signedUp.body}`);
    await opened.db.execute(sql`update "user" set role = 'admin' where email = ${ADMIN.email}`);
    const cookie = cookieFrom(signedUp.headers['set-cookie']);
    const call = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: { cookie },
      });
      if (res.statusCode !== 200) throw new Error(`overview: ${res.statusCode} ${res.body}`);
      return res.json() as { orders: Record<string, number> };
    };
    for (let i = 0; i < 20; i++) await call();
    const times: number[] = [];
    let answer = await call();
    for (let i = 0; i < CALLS; i++) {
      const at = performance.now();
      answer = await call();
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    return {
      database: database.kind,
      orders: ORDERS,
      fillSeconds,
      calls: CALLS,
      p50: percentile(times, 50),
      p95,
      p99: percentile(times, 99),
      max: times.at(-1) ?? 0,
      counts: answer.orders,
      pass: p95 <= BUDGET_P95_MS,
    };
  } finally {
    await app.close();
  }
}

const context = runContext();
// BENCH_PGLITE=0 measures PostgreSQL only.
const outcomes = await onEachDatabase(measure, { pglite: process.env.BENCH_PGLITE !== '0' });
printTable(
  ['database', 'orders', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', `budget p95 <= ${BUDGET_P95_MS}`],
  outcomes.map((o) => [
    o.database,
    fmt(o.orders),
    fmt(o.calls),
    fmt(o.p50, 1),
    fmt(o.p95, 1),
    fmt(o.p99, 1),
    o.pass ? 'PASS' : 'FAIL',
  ]),
);
for (const o of outcomes)
  console.log(`${o.database}: ${JSON.stringify(o.counts)}; filled in ${fmt(o.fillSeconds, 1)} s`);
writeResult('overview', { context, budgetP95Ms: BUDGET_P95_MS, outcomes });
