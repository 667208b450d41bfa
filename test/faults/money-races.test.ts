import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  insertCartLines,
  insertCustomers,
  insertShipTos,
  type Delivery,
  type DirectCustomer,
} from './support/direct-customers.ts';
import { jsonOrText } from './support/agent-request.ts';
import { DATABASE_TROUBLE, testDatabase, twoServers, withLimit } from './support/fault-test.ts';
import type { Database } from './support/postgres.ts';
import { SHARED_SECRET, sleep, type ServerProcess } from './support/server-process.ts';
import { call, signUpAdmin } from './support/shop-client.ts';

// Issue 31, section 1, the races: a spending limit holds when the money moves, whichever of two
// servers on one PostgreSQL each request reaches, and whatever runs at the same moment.
//
// 1. An approval against a shipping change: the owner approves a buyer's $650 order on one
//    server while the buyer switches it to Express (+$100) on the other. Never an approved
//    order, nor one paid or charged, whose grand total is over what the owner approved.
// 2. A payment against a limit change: the owner lowers a buyer's limit from $500 to $100 on
//    one server while the buyer pays a $475 order on the other (charged to the account, or by
//    card). Never an order paid over the limit in force when it was paid.
//
// What "in force" and "approved" were is read in the database itself, not guessed from the
// clock: a trigger this test adds notes, in the transaction that approves or pays an order,
// the grand total it approved or paid and the buyer's limit as committed at that moment.
//
// Red until the flows check the limit and the approval against the grand total at the moment
// the money moves (issue 31's fix, another engineer's).

const PRICE_CENTS = 2500;
const LIMIT_CENTS = 50_000;
const LOWERED_CENTS = 10_000;
const EXPRESS_CENTS = 10_000;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

type Answer = { status: number; body: unknown };
const messageOf = (a: Answer) => (a.body as { message?: string } | null)?.message ?? '';

/** One call as a browser on the server's own origin makes it, with an idempotency key if asked. */
async function send(
  server: ServerProcess,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  key?: string,
): Promise<Answer> {
  const headers: Record<string, string> = { origin: server.url, cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  try {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, body: jsonOrText(await res.text()) };
  } catch (err) {
    return { status: 0, body: String(err) };
  }
}

/** What the trigger notes: each approval and each payment, in the transaction that made it. */
const MONEY_LOG = `
  create table test_money_log (
    seq bigserial primary key,
    kind text not null,
    order_id uuid not null,
    grand_total_cents integer not null,
    approved boolean not null,
    limit_seen integer
  );
  create function test_money_log() returns trigger language plpgsql as $$
  begin
    if new.approved_at is not null and new.approved_at is distinct from old.approved_at then
      insert into test_money_log (kind, order_id, grand_total_cents, approved)
      values ('approved', new.id, new.grand_total_cents, true);
    end if;
    if new.status = 'paid' and old.status <> 'paid' then
      insert into test_money_log (kind, order_id, grand_total_cents, approved, limit_seen)
      values ('paid', new.id, new.grand_total_cents, new.approved_at is not null,
              (select spending_limit_cents from company_member where user_id = new.user_id));
    end if;
    return new;
  end $$;
  create trigger test_money_log after update on "order"
    for each row execute function test_money_log();
`;

type Pair = { owner: DirectCustomer; buyer: DirectCustomer; delivery: Delivery };

/**
 * Two servers on a fresh database, a $25 part, Express at $100 beside the free Test post, and
 * `count` companies on net 30 with ample credit, each with its owner and a buyer at $500.
 */
async function tradeShop(database: Database, count: number) {
  const env = {
    MAX_UNPAID_ORDERS: '10000',
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000',
    MAX_UNPAID_VALUE: '1000000',
    MAX_UNPAID_SHARE: '100',
    ORDER_RATE_LIMIT: '1000000',
  };
  const servers = await twoServers({ databaseUrl: database.url, env });
  const query = (text: string, values?: unknown[]) => database.query(text, values);
  const admin = await signUpAdmin(servers[0].url);
  const added = await call(servers[0].url, 'POST', '/api/tools', {
    cookie: admin.cookie,
    body: {
      name: 'Race-test part',
      sku: 'RACE-01',
      price: PRICE_CENTS / 100,
      stock: 1_000_000,
      moq: 1,
      packSize: 1,
      img: '/images/products/spoke-wrench.svg',
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const productId = (added.body as { _id: string })._id;
  const expressId = randomUUID();
  await query(
    `insert into shipping_method (id, name, countries, rate, delivery_min_days, delivery_max_days)
     values ($1, 'Express', array['*'], $2::jsonb, 1, 1)`,
    [expressId, JSON.stringify({ kind: 'flat', priceCents: EXPRESS_CENTS })],
  );
  const people = await insertCustomers(query, {
    count: 2 * count,
    secret: SHARED_SECRET,
    prefix: `race-${Date.now().toString(36)}`,
  });
  const buyers = people.filter((_, i) => i % 2 === 1);
  const deliveries = await insertShipTos(query, buyers);
  const pairs: Pair[] = [];
  for (let c = 0; c < count; c++) {
    const owner = people[2 * c]!;
    const buyer = people[2 * c + 1]!;
    const [company] = await database.query<{ id: string }>(
      `insert into company (name, net_days, credit_limit_cents)
       values ($1, 30, 100000000) returning id`,
      [`Velo Werkstatt ${c + 1}`],
    );
    await query(
      `insert into company_member (user_id, company_id, role, spending_limit_cents)
       values ($1, $3, 'owner', null), ($2, $3, 'buyer', $4)`,
      [owner.id, buyer.id, company!.id, LIMIT_CENTS],
    );
    pairs.push({ owner, buyer, delivery: deliveries.get(buyer.id)! });
  }
  await query(MONEY_LOG);

  /** The buyer checks out `quantity` of the part by card, on the server they reach. */
  const checkout = async (server: ServerProcess, pair: Pair, quantity: number) => {
    await insertCartLines(query, [{ userId: pair.buyer.id, productId, quantity }]);
    const res = await send(
      server,
      'POST',
      '/api/checkout',
      pair.buyer.cookie,
      pair.delivery,
      `race-${randomUUID()}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { _id: string; status: string; grandTotal: number };
  };
  return { servers, pairs, expressId, checkout };
}

type Logged = {
  seq: string;
  kind: 'approved' | 'paid';
  order_id: string;
  grand_total_cents: number;
  approved: boolean;
  limit_seen: number | null;
};

/**
 * Every way an order broke the rule: paid with no approval over the limit it saw, paid over
 * what was last approved, or left approved and unpaid over what was approved.
 */
async function brokenRules(database: Database, orderIds: string[]) {
  const log = await database.query<Logged>(
    `select * from test_money_log where order_id = any($1::uuid[]) order by seq`,
    [orderIds],
  );
  const rows = await database.query<{
    id: string;
    status: string;
    grand_total_cents: number;
    approved_at: Date | null;
  }>(`select id, status, grand_total_cents, approved_at from "order" where id = any($1::uuid[])`, [
    orderIds,
  ]);
  const broken: string[] = [];
  const cents = (n: number) => `$${(n / 100).toFixed(2)}`;
  for (const row of rows) {
    let approvedCents: number | undefined;
    for (const entry of log.filter((e) => e.order_id === row.id)) {
      if (entry.kind === 'approved') approvedCents = entry.grand_total_cents;
      else if (entry.approved && entry.grand_total_cents > (approvedCents ?? 0)) {
        broken.push(
          `${row.id}: paid ${cents(entry.grand_total_cents)}, approved ${cents(approvedCents ?? 0)}`,
        );
      } else if (
        !entry.approved &&
        entry.limit_seen !== null &&
        entry.grand_total_cents > entry.limit_seen
      ) {
        broken.push(
          `${row.id}: paid ${cents(entry.grand_total_cents)} unapproved over the ${cents(entry.limit_seen)} limit in force`,
        );
      }
    }
    if (
      row.status === 'unpaid' &&
      row.approved_at &&
      row.grand_total_cents > (approvedCents ?? 0)
    ) {
      broken.push(
        `${row.id}: unpaid and approved at ${cents(row.grand_total_cents)}, approved ${cents(approvedCents ?? 0)}`,
      );
    }
    if (row.status === 'unpaid' && !row.approved_at && row.grand_total_cents > LIMIT_CENTS) {
      broken.push(
        `${row.id}: unpaid at ${cents(row.grand_total_cents)}, over the limit, neither approved nor waiting`,
      );
    }
  }
  return broken;
}

/** No 5xx, no dropped connection, no database trouble in front of anyone. */
function expectCleanAnswers(answers: Answer[], servers: ServerProcess[]) {
  expect(
    answers.filter((a) => a.status === 0 || a.status >= 500).slice(0, 5),
    'no failed requests',
  ).toEqual([]);
  for (const a of answers) expect(JSON.stringify(a.body)).not.toMatch(DATABASE_TROUBLE);
  for (const s of servers) expect(s.output()).not.toMatch(/deadlock detected/i);
}

describe('money and limits raced over two servers on one PostgreSQL', () => {
  it('an approval against a shipping change never leaves an order approved, paid or charged over what was approved', async (context) => {
    const ROUNDS = 30;
    const database = await testDatabase(context);
    const { servers, pairs, expressId, checkout } = await tradeShop(database, ROUNDS);
    const answers: Answer[] = [];
    const orderIds: string[] = [];

    await withLimit(ROUNDS, 6, async (r) => {
      const pair = pairs[r]!;
      const [a, b] = r % 2 === 0 ? servers : [servers[1], servers[0]];
      const order = await checkout(a, pair, 26); // $650 over the $500 limit: it waits
      expect(order.status).toBe('awaiting_approval');
      orderIds.push(order._id);
      // At the same moment: the owner approves on one server, the buyer moves it to Express on
      // the other, trying again while it still waits (as a buyer would click again).
      const shipping = { ...pair.delivery, shippingMethodId: expressId };
      const [approved, moved] = await Promise.all([
        send(a, 'POST', `/api/orders/${order._id}/approve`, pair.owner.cookie),
        (async () => {
          for (let attempt = 0; ; attempt++) {
            const res = await send(
              b,
              'PUT',
              `/api/orders/${order._id}/shipping`,
              pair.buyer.cookie,
              shipping,
            );
            const waiting = res.status === 409 && /^Only an unpaid order/.test(messageOf(res));
            if (!waiting || attempt === 40) return res;
            await sleep(5);
          }
        })(),
      ]);
      // Then the buyer charges it to the company's account.
      const charged = await send(
        a,
        'POST',
        `/api/orders/${order._id}/charge-to-account`,
        pair.buyer.cookie,
        {},
      );
      answers.push(approved, moved, charged);
    });

    const statuses = answers.map((a) => a.status);
    console.log(
      `${ROUNDS} approvals raced against shipping changes: ${JSON.stringify(
        statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {}),
      )}`,
    );
    expectCleanAnswers(answers, servers);
    expect(await brokenRules(database, orderIds)).toEqual([]);
  });

  it('a payment against a limit change never pays an order over the limit in force when it is paid', async (context) => {
    const ROUNDS = 40;
    const database = await testDatabase(context);
    const { servers, pairs, checkout } = await tradeShop(database, ROUNDS);
    const answers: Answer[] = [];
    const orderIds: string[] = [];

    /** By card, as the payment page does: start, the test card, and the report. */
    const payByCard = async (server: ServerProcess, pair: Pair, orderId: string) => {
      const started = await send(server, 'POST', '/api/create-payment-intent', pair.buyer.cookie, {
        orderId,
      });
      if (started.status !== 200) return [started];
      const { clientSecret } = started.body as { clientSecret: string };
      const confirmed = await send(
        server,
        'POST',
        '/api/payments/test/confirm',
        pair.buyer.cookie,
        {
          clientSecret,
          ...GOOD_CARD,
        },
      );
      if (confirmed.status !== 200) return [started, confirmed];
      const { paymentIntentId } = confirmed.body as { paymentIntentId: string };
      const reported = await send(server, 'PATCH', `/api/order/${orderId}`, pair.buyer.cookie, {
        transactionId: paymentIntentId,
      });
      return [started, confirmed, reported];
    };

    await withLimit(ROUNDS, 6, async (r) => {
      const pair = pairs[r]!;
      const [a, b] = r % 2 === 0 ? servers : [servers[1], servers[0]];
      const order = await checkout(b, pair, 19); // $475, within the $500 limit
      expect(order.status).toBe('unpaid');
      orderIds.push(order._id);
      // At the same moment: the owner lowers the limit to $100 on one server, the buyer pays on
      // the other: half the rounds on account, half by card.
      const [lowered, ...paid] = await Promise.all([
        send(a, 'PATCH', `/api/companies/me/members/${pair.buyer.id}`, pair.owner.cookie, {
          spendingLimit: LOWERED_CENTS / 100,
        }),
        ...(r % 4 < 2
          ? [send(b, 'POST', `/api/orders/${order._id}/charge-to-account`, pair.buyer.cookie, {})]
          : [payByCard(b, pair, order._id)]),
      ]);
      expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
      answers.push(lowered, ...paid.flat());
    });

    const [paidCount] = await database.query<{ n: number }>(
      `select count(*)::int as n from test_money_log where kind = 'paid' and order_id = any($1::uuid[])`,
      [orderIds],
    );
    console.log(
      `${ROUNDS} payments raced against a limit change: ${paidCount!.n} paid; answers ${JSON.stringify(
        answers
          .map((a) => a.status)
          .reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {}),
      )}`,
    );
    expectCleanAnswers(answers, servers);
    expect(await brokenRules(database, orderIds)).toEqual([]);
  });
});
