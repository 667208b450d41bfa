// Placing orders under load, and the no-oversell check, on PGlite and (when a URL is given)
// PostgreSQL, against our real server in its own process.
//
// 1. Orders/s: `POST /api/orders` (10 pieces each, one signed-in customer) at 50 connections,
//    spread over 20 products with stock for all of them (orders for one product queue behind
//    each other's commit by design: that case is the no-oversell check); orders/s, p50/p99,
//    server CPU and peak RSS.
// 2. No oversell (docs: /work/shared/DESIGN.md, "Budgets"): 1,000 orders of 10 sent at once
//    against stock 5,000: exactly 500 must succeed (201), 500 be refused (409), and the stock
//    end at 0, as read back through the API (so through the read cache too) and in the orders.
//
//   npm run bench:orders
//   BENCH_DATABASE_URL=postgres://dev:dev@127.0.0.1:5432/dev npm run bench:orders
//
// Env: BENCH_DURATION (default 10), BENCH_WARMUP (default 3), BENCH_CONNECTIONS (default 50),
// BENCH_DATABASE_URL or DATABASE_URL, BENCH_RESULTS_DIR.
import { Agent, request } from 'node:http';
import { runAutocannon } from './support/autocannon.ts';
import { startBenchServer, whileSampling } from './support/child.ts';
import type { BenchDatabase } from './support/databases.ts';
import { load, runLoadBench } from './support/load-bench.ts';
import { fmt, loadColumns, printTable } from './support/results.ts';
import { adminSessionFor, call, sessionFor } from './support/shop-client.ts';

const { duration, warmup, connections } = load;

const CONCURRENT_ORDERS = 1000;
const PRODUCTS_ORDERED = 20;
// All 1,000 are issued at once; they share this many connections, which keeps them under the
// server's listen backlog (511), so none is refused for want of a socket on a slow machine.
const MAX_SOCKETS = 250;
const ORDER_QUANTITY = 10;
const CONTESTED_STOCK = 5000;
const ADMIN = {
  email: 'bench-admin@ecparts.test',
  password: 'bench-admin-2026',
  name: 'Bench Admin',
};
const CUSTOMER = {
  email: 'bench-customer@ecparts.test',
  password: 'bench-customer-2026',
  name: 'Bench Customer',
};

type Product = { _id: string; stock: number };
type Outcome = {
  database: string;
  throughput: {
    ordersPerSec: number;
    p50: number;
    p99: number;
    placed: number;
    non2xx: number;
    errors: number;
    cpuMicrosPerOrder: number | null;
    peakRssMiB: number | null;
  };
  noOversell: {
    sent: number;
    created: number;
    refused: number;
    other: Record<string, number>;
    stockAfter: number;
    ordersRecorded: number;
    seconds: number;
    pass: boolean;
  };
  pass: boolean;
  problems: string[];
};

/** POST over a given agent; resolves with the status once the body is read. */
function post(url: string, headers: Record<string, string>, body: string, agent: Agent) {
  return new Promise<number>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function addProduct(baseUrl: string, cookie: string, name: string, stock: number) {
  const res = await call<Product>(baseUrl, 'POST', '/api/tools', {
    cookie,
    body: { name, price: 1.5, stock, img: '/images/products/chain-whip.svg' },
  });
  if (res.status !== 201) throw new Error(`adding a product answered ${res.status}`);
  return res.body;
}

async function measure(database: BenchDatabase): Promise<Outcome> {
  const problems: string[] = [];
  const server = await startBenchServer('ours', {
    BENCH_SERVE_DATABASE_URL: database.url,
    BENCH_SERVE_ADMIN_EMAILS: ADMIN.email,
  });
  try {
    const adminCookie = await adminSessionFor(server, ADMIN);
    const cookie = await sessionFor(server.url, CUSTOMER);
    const headers = { origin: server.url, cookie, 'content-type': 'application/json' };

    // 1. Throughput, against stock that cannot run out.
    const bodies: string[] = [];
    for (let i = 0; i < PRODUCTS_ORDERED; i++) {
      const plenty = await addProduct(server.url, adminCookie, `Bench stock ${i}`, 10_000_000);
      bodies.push(
        JSON.stringify({ productId: plenty._id, quantity: ORDER_QUANTITY, email: CUSTOMER.email }),
      );
    }
    let sent = 0;
    const load = (secs: number) =>
      runAutocannon({
        url: `${server.url}/api/orders`,
        method: 'POST',
        requests: [
          { setupRequest: (request) => ({ ...request, body: bodies[sent++ % bodies.length] }) },
        ],
        headers,
        connections,
        duration: secs,
        timeout: 10,
      });
    console.log(`\n[${database.kind}] placing orders: warm-up ${warmup} s, then ${duration} s…`);
    if (warmup > 0) await load(warmup);
    const { result: r, usage } = await whileSampling(server.pid, () => load(duration));
    const placed = r['2xx'];
    if (r.non2xx) problems.push(`${r.non2xx} orders were not accepted`);
    if (r.errors + r.timeouts) problems.push(`${r.errors + r.timeouts} errors or timeouts`);

    // 2. No oversell: every order sent at once, none waiting for another to finish.
    const contested = await addProduct(server.url, adminCookie, 'Bench contested', CONTESTED_STOCK);
    const contestedBody = JSON.stringify({
      productId: contested._id,
      quantity: ORDER_QUANTITY,
      email: CUSTOMER.email,
    });
    console.log(
      `[${database.kind}] ${CONCURRENT_ORDERS} orders at once against stock ${CONTESTED_STOCK}…`,
    );
    const started = performance.now();
    const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
    const statuses = await Promise.all(
      Array.from({ length: CONCURRENT_ORDERS }, () =>
        post(`${server.url}/api/orders`, headers, contestedBody, agent).catch(
          (err: unknown) => `error: ${err instanceof Error ? err.message : String(err)}`,
        ),
      ),
    );
    agent.destroy();
    const elapsed = (performance.now() - started) / 1000;
    const tally: Record<string, number> = {};
    for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
    const created = tally['201'] ?? 0;
    const refused = tally['409'] ?? 0;
    const other = Object.fromEntries(
      Object.entries(tally).filter(([status]) => status !== '201' && status !== '409'),
    );
    const after = await call<Product>(server.url, 'GET', `/api/tools/${contested._id}`);
    const mine = await call<{ data: { productId: string | null }[] }>(
      server.url,
      'GET',
      `/api/orders?email=${encodeURIComponent(CUSTOMER.email)}`,
      { cookie },
    );
    const recorded = mine.body.data.filter((o) => o.productId === contested._id).length;
    const expected = CONTESTED_STOCK / ORDER_QUANTITY;
    const noOversellPass =
      created === expected &&
      refused === CONCURRENT_ORDERS - expected &&
      after.body.stock === 0 &&
      recorded === expected;

    return {
      database: database.kind,
      throughput: {
        ordersPerSec: r['2xx'] / (r.duration || duration),
        p50: r.latency.p50,
        p99: r.latency.p99,
        placed,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        cpuMicrosPerOrder: usage && placed ? (usage.cpuMs * 1000) / placed : null,
        peakRssMiB: usage ? usage.peakRssBytes / 2 ** 20 : null,
      },
      noOversell: {
        sent: CONCURRENT_ORDERS,
        created,
        refused,
        other,
        stockAfter: after.body.stock,
        ordersRecorded: recorded,
        seconds: elapsed,
        pass: noOversellPass,
      },
      pass: noOversellPass && problems.length === 0,
      problems,
    };
  } finally {
    await server.stop();
  }
}

function report(outcomes: Outcome[], loadAtStart: string) {
  console.log(
    `\nPOST /api/orders (${ORDER_QUANTITY} pieces, one customer, ${PRODUCTS_ORDERED} products): ` +
      `${connections} connections, ` +
      `${duration} s after ${warmup} s warm-up; before the run: ${loadAtStart}`,
  );
  printTable(
    ['database', ...loadColumns.header('order')],
    outcomes.map(({ database, throughput: t }) => [
      database,
      ...loadColumns.cells(t.ordersPerSec, t.cpuMicrosPerOrder, t),
    ]),
  );
  console.log('');
  for (const o of outcomes) {
    const n = o.noOversell;
    const other = Object.entries(n.other)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ');
    console.log(
      `${o.database}: ${n.sent} orders of ${ORDER_QUANTITY} at once (over ${MAX_SOCKETS} connections) ` +
        `against stock ${CONTESTED_STOCK} ` +
        `in ${fmt(n.seconds, 1)} s: ${n.created} placed, ${n.refused} refused${other ? `, ${other}` : ''}; ` +
        `stock after ${n.stockAfter}, ${n.ordersRecorded} orders recorded ` +
        `(need ${CONTESTED_STOCK / ORDER_QUANTITY} placed, stock 0) ${n.pass ? 'PASS' : 'FAIL'}`,
    );
    for (const p of o.problems) console.log(`  ! ${p}`);
  }
}

async function main() {
  await runLoadBench('orders', {
    measure,
    report,
    settings: {
      orderQuantity: ORDER_QUANTITY,
      productsOrdered: PRODUCTS_ORDERED,
      concurrentOrders: CONCURRENT_ORDERS,
      contestedStock: CONTESTED_STOCK,
      maxSockets: MAX_SOCKETS,
    },
    passed: (o) => o.pass,
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
