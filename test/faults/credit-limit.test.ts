import { Agent } from 'node:http';
import { describe, expect, it } from 'vitest';
import { insertCustomersWithCarts, seededRandom } from './support/direct-customers.ts';
import { agentRequest } from './support/agent-request.ts';
import { DATABASE_TROUBLE, testDatabase, twoServers } from './support/fault-test.ts';
import { SHARED_SECRET } from './support/server-process.ts';
import { call, signUpAdmin } from './support/shop-client.ts';

// Issue 23: "Two checkouts at once never take the balance over the limit." 200 members of one
// company check out on account at the same moment, alternating between two server processes on
// one PostgreSQL, for far more than the company's credit. The check and the charge happen under
// the company row's lock, so the sum charged stays within the limit, every refusal is a 409
// naming the credit available at its turn (less than its total: no spurious "limit exceeded"),
// nothing refused reserved stock, and the ledger's balance is the sum of its entries.

const BUYERS = 200;
const PRICE_CENTS = 750;
const CREDIT_LIMIT_CENTS = 5_000_000; // $50,000: roughly a third of what the carts ask
const STOCK = 1_000_000;
const PRODUCTS = 20;
const SOCKETS_PER_SERVER = 100;
const REFUSAL = /^Not enough credit: \$([\d,]+\.\d\d) available\.$/;

type Answer = { status: number; body: unknown };

describe('200 on-account checkouts at once against one company over two servers on one PostgreSQL', () => {
  it('never charge past the credit limit, refuse only what does not fit, and keep the balance the sum of the ledger', async (context) => {
    const database = await testDatabase(context);
    const env = {
      MAX_UNPAID_ORDERS: '10000',
      ORDER_RATE_LIMIT: '1000000',
    };
    const servers = await twoServers({ databaseUrl: database.url, env });
    const [first] = servers;

    // Twenty parts, so that checkouts meet at no product's lock often: the company's is theirs.
    const admin = await signUpAdmin(first.url);
    const productIds: string[] = [];
    for (let p = 0; p < PRODUCTS; p++) {
      const added = await call(first.url, 'POST', '/api/tools', {
        cookie: admin.cookie,
        body: {
          name: `Credit-test part ${p + 1}`,
          sku: `CL-${String(p + 1).padStart(2, '0')}`,
          price: PRICE_CENTS / 100,
          stock: STOCK,
          moq: 1,
          packSize: 1,
          img: '/images/products/spoke-wrench.svg',
        },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      productIds.push((added.body as { _id: string })._id);
    }

    // 200 members of one company on net-30 terms, each with a cart of 10 to 200 wrenches.
    const random = seededRandom(20261125);
    const carts = Array.from({ length: BUYERS }, (_, c) => [
      { product: c % PRODUCTS, quantity: random.between(10, 200) },
    ]);
    const customers = await insertCustomersWithCarts(
      (text, values) => database.query(text, values),
      carts,
      productIds,
      { secret: SHARED_SECRET, prefix: 'member' },
    );
    const [company] = await database.query<{ id: string }>(
      `insert into company (name, net_days, credit_limit_cents)
       values ('Velo Werkstatt Amsterdam', 30, $1) returning id`,
      [CREDIT_LIMIT_CENTS],
    );
    const companyId = company!.id;
    await database.query(
      `insert into company_member (user_id, company_id, role)
       select id, $2::uuid, case when n = 1 then 'owner' else 'buyer' end
       from unnest($1::text[]) with ordinality as m(id, n)`,
      [customers.map((c) => c.id), companyId],
    );
    const totalCents = carts.map((cart) => cart[0]!.quantity * PRICE_CENTS);
    const askedCents = totalCents.reduce((a, b) => a + b, 0);
    expect(askedCents).toBeGreaterThan(2 * CREDIT_LIMIT_CENTS);

    const agents = servers.map(
      () => new Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVER }),
    );
    const checkout = (c: number): Promise<Answer> => {
      const server = c % 2;
      return agentRequest(`${servers[server]!.url}/api/checkout`, {
        method: 'POST',
        headers: {
          origin: servers[server]!.url,
          cookie: customers[c]!.cookie,
          'idempotency-key': `credit-${c}-${Date.now().toString(36)}`,
        },
        body: { ...customers[c]!.delivery, paymentMethod: 'account', poNumber: `PO-${c + 1}` },
        agent: agents[server]!,
      }).catch((err: unknown): Answer => ({ status: 0, body: String(err) }));
    };
    const started = performance.now();
    const answers = await Promise.all(customers.map((_, c) => checkout(c)));
    const seconds = (performance.now() - started) / 1000;
    for (const agent of agents) agent.destroy();

    const tally: Record<string, number> = {};
    for (const a of answers) tally[a.status] = (tally[a.status] ?? 0) + 1;
    const placed = answers.flatMap((a, c) => (a.status === 201 ? [c] : []));
    const refused = answers.flatMap((a, c) => (a.status === 409 ? [c] : []));
    const chargedCents = placed.reduce((sum, c) => sum + totalCents[c]!, 0);
    console.log(
      `${BUYERS} on-account checkouts in ${seconds.toFixed(1)} s: ${JSON.stringify(tally)}; ` +
        `charged $${(chargedCents / 100).toFixed(2)} of a $${(CREDIT_LIMIT_CENTS / 100).toFixed(2)} limit ` +
        `(asked $${(askedCents / 100).toFixed(2)}); a refusal reads: ${JSON.stringify(answers[refused[0] ?? -1]?.body)}`,
    );
    expect(
      answers.filter((a) => a.status !== 201 && a.status !== 409).slice(0, 5),
      'only 201 and 409',
    ).toEqual([]);
    for (const a of answers) expect(JSON.stringify(a.body)).not.toMatch(DATABASE_TROUBLE);
    for (const s of servers) expect(s.output()).not.toMatch(/deadlock detected/i);
    expect(placed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    // Every order placed is charged to the account at its grand total; together within the limit.
    for (const c of placed) {
      expect(answers[c]!.body).toMatchObject({
        status: 'paid',
        paymentMethod: 'account',
        poNumber: `PO-${c + 1}`,
        grandTotal: totalCents[c]! / 100,
        companyId,
      });
    }
    expect(chargedCents).toBeLessThanOrEqual(CREDIT_LIMIT_CENTS);

    // Every refusal names the credit available at its turn, which its total did not fit; credit
    // only shrinks here, so no refused checkout would fit what is left at the end either.
    const availableAtEnd = CREDIT_LIMIT_CENTS - chargedCents;
    for (const c of refused) {
      const message = (answers[c]!.body as { message?: string }).message ?? '';
      const named = REFUSAL.exec(message);
      expect(named, message).not.toBeNull();
      const namedCents = Math.round(Number(named![1]!.replaceAll(',', '')) * 100);
      expect(namedCents).toBeLessThan(totalCents[c]!);
      expect(namedCents).toBeGreaterThanOrEqual(availableAtEnd);
      expect(totalCents[c]!).toBeGreaterThan(availableAtEnd);
    }

    // The books: the balance is what was charged and the sum of the entries, one charge per
    // order, each entry's running balance exact in the order written.
    const [books] = await database.query<{ balance: number; limit: number }>(
      `select balance_cents as balance, credit_limit_cents as limit from company where id = $1`,
      [companyId],
    );
    const entries = await database.query<{
      type: string;
      amount: number;
      after: number;
      order_id: string;
    }>(
      `select type, amount_cents as amount, balance_after_cents as after, order_id
       from credit_ledger_entry where company_id = $1 order by id`,
      [companyId],
    );
    expect(books!.balance).toBe(chargedCents);
    expect(entries.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(chargedCents);
    expect(entries).toHaveLength(placed.length);
    let running = 0;
    for (const e of entries) {
      running += Number(e.amount);
      expect(e.type).toBe('charge');
      expect(Number(e.after)).toBe(running);
      expect(Number(e.after)).toBeLessThanOrEqual(CREDIT_LIMIT_CENTS);
    }
    expect(new Set(entries.map((e) => e.order_id)).size).toBe(placed.length);

    // A refused checkout reserved nothing and placed no order; each placed one holds its stock.
    const [orderCount] = await database.query<{ n: number }>(
      `select count(*)::int as n from "order" where company_id = $1`,
      [companyId],
    );
    expect(orderCount!.n).toBe(placed.length);
    const stocks = await database.query<{ id: string; stock: number }>(
      `select id, stock from product where id = any($1::uuid[])`,
      [productIds],
    );
    const taken = (id: string) =>
      placed
        .filter((c) => productIds[carts[c]![0]!.product] === id)
        .reduce((sum, c) => sum + carts[c]![0]!.quantity, 0);
    for (const { id, stock } of stocks) expect(stock).toBe(STOCK - taken(id));
    const [carted] = await database.query<{ n: number }>(
      `select count(*)::int as n from cart_line where product_id = any($1::uuid[])`,
      [productIds],
    );
    expect(carted!.n).toBe(refused.length);
  });
});
