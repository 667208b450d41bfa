// Checking out 3-line carts under load, beside one-line orders measured the same way in the
// same run, on PGlite and (when a URL is given) PostgreSQL, against our real server in its own
// process. Issue 12's question: does a 3-line checkout cost well under 3 one-line orders?
//
// 1. One-line orders/s: `POST /api/orders` at 50 connections for BENCH_DURATION s, from 2,000
//    customers in turn over 20 products (so, like checkouts, no one customer's orders queue
//    behind each other).
// 2. Checkouts/s: every customer gets a cart of 3 lines (3 different products of the 20, sizes
//    across the price ladder) before the clock starts; then `POST /api/checkout`, one per
//    customer with its own Idempotency-Key, at 50 connections until all are placed. Only the
//    checkout calls are timed. A short run first tells how many carts fill BENCH_DURATION s.
//
//   npm run bench:checkouts
//   BENCH_DATABASE_URL=postgres://dev:dev@127.0.0.1:5432/dev npm run bench:checkouts
//
// Env: BENCH_DURATION (default 10), BENCH_WARMUP (default 3), BENCH_CONNECTIONS (default 50),
// BENCH_DATABASE_URL or DATABASE_URL, BENCH_RESULTS_DIR.
import { randomBytes } from 'node:crypto';
import { allowedQuantityAtLeast, type TierCents } from '../src/contract/price-ladder.ts';
import {
  insertCartLines,
  insertCustomers,
  seededRandom,
  type DirectCustomer,
} from '../test/faults/support/direct-customers.ts';
import { runAutocannon, type AutocannonResult } from './support/autocannon.ts';
import { startBenchServer, whileSampling, type RunningServer } from './support/child.ts';
import type { BenchDatabase } from './support/databases.ts';
import { addShipTo, setUpDelivery } from './support/delivery-setup.ts';
import { load, runLoadBench } from './support/load-bench.ts';
import { fmt, loadColumns, printTable } from './support/results.ts';
import { adminSessionFor, call } from './support/shop-client.ts';

const { duration, warmup, connections } = load;

const PRODUCTS = 20;
const LINES_PER_CART = 3;
const ORDER_CUSTOMERS = 2000;
/** Checkouts in the short run that sizes the measured one. */
const SIZING_CHECKOUTS = 400;
const MAX_CHECKOUTS = 40_000;
const PACK_SIZES = [1, 1, 5, 6, 10, 12, 2, 36] as const;
const ADMIN = {
  email: 'bench-admin@ecparts.test',
  password: 'bench-admin-2026',
  name: 'Bench Admin',
};

type Product = { id: string; moq: number; packSize: number };
type Rate = {
  perSec: number;
  p50: number;
  p99: number;
  done: number;
  non2xx: number;
  errors: number;
  seconds: number;
  cpuMicrosPerCall: number | null;
  peakRssMiB: number | null;
  statuses: Record<string, number>;
};
type Outcome = {
  database: string;
  orders: Rate;
  checkouts: Rate & { linesWritten: number; ordersWritten: number };
  /** One-line orders/s ÷ checkouts/s: what one 3-line checkout costs, in one-line orders. */
  costInOrders: number;
  /** The same from server CPU time per call. */
  cpuCostInOrders: number | null;
  pass: boolean;
  problems: string[];
};

async function addProducts(server: RunningServer, cookie: string) {
  const products: Product[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const packSize = PACK_SIZES[i % PACK_SIZES.length] ?? 1;
    const moq = allowedQuantityAtLeast({ moq: 10, packSize }, 10);
    const cents = 250 + 37 * i;
    const tiers: TierCents[] = [
      { minQuantity: moq, priceCents: cents },
      { minQuantity: moq * 3, priceCents: Math.floor(cents * 0.92) },
      { minQuantity: moq * 10, priceCents: Math.floor(cents * 0.85) },
    ];
    const res = await call<{ _id: string }>(server.url, 'POST', '/api/tools', {
      cookie,
      body: {
        name: `Bench part ${i + 1}`,
        sku: `BENCH-${String(i + 1).padStart(2, '0')}`,
        price: cents / 100,
        stock: 10_000_000,
        moq,
        packSize,
        tiers: tiers.map((t) => ({ minQuantity: t.minQuantity, price: t.priceCents / 100 })),
        img: '/images/products/chain-whip.svg',
      },
    });
    if (res.status !== 201) {
      throw new Error(`adding a product answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    products.push({ id: res.body._id, moq, packSize });
  }
  return products;
}

/** Customers with a 3-line cart each, written straight into the server's database. */
async function customersWithCarts(
  server: RunningServer,
  products: Product[],
  { count, secret, prefix, seed }: { count: number; secret: string; prefix: string; seed: number },
) {
  const customers = await insertCustomers(server.query, { count, secret, prefix });
  const random = seededRandom(seed);
  const rows = customers.flatMap((customer) =>
    random.pick(products, LINES_PER_CART).map((p) => ({
      userId: customer.id,
      productId: p.id,
      // Sizes across the ladder: the first, second and third tiers all occur.
      quantity: allowedQuantityAtLeast(p, p.moq * random.between(1, 12)),
    })),
  );
  await insertCartLines(server.query, rows);
  return customers;
}

type Delivery = { shippingMethodId: string; shipTo: Map<string, string> };

function checkoutLoad(
  server: RunningServer,
  customers: DirectCustomer[],
  keyPrefix: string,
  delivery: Delivery,
) {
  let next = 0;
  return runAutocannon({
    url: `${server.url}/api/checkout`,
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const i = next++;
          const customer = customers[Math.min(i, customers.length - 1)]!;
          return {
            ...request,
            headers: {
              ...request.headers,
              cookie: customer.cookie,
              'idempotency-key': `${keyPrefix}-${i}`,
            },
            body: JSON.stringify({
              shippingAddressId: delivery.shipTo.get(customer.id),
              shippingMethodId: delivery.shippingMethodId,
            }),
          };
        },
      },
    ],
    connections,
    amount: customers.length,
    duration: 0,
    timeout: 30,
  });
}

function orderLoad(
  server: RunningServer,
  customers: DirectCustomer[],
  products: Product[],
  secs: number,
) {
  let next = 0;
  return runAutocannon({
    url: `${server.url}/api/orders`,
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const i = next++;
          const customer = customers[i % customers.length]!;
          const product = products[i % products.length]!;
          return {
            ...request,
            headers: { ...request.headers, cookie: customer.cookie },
            body: JSON.stringify({
              productId: product.id,
              quantity: product.moq * 2,
              email: customer.email,
            }),
          };
        },
      },
    ],
    connections,
    duration: secs,
    timeout: 30,
  });
}

function rateOf(
  r: AutocannonResult,
  usage: { cpuMs: number; peakRssBytes: number } | undefined,
): Rate {
  const done = r['2xx'];
  return {
    perSec: done / (r.duration || 1),
    p50: r.latency.p50,
    p99: r.latency.p99,
    done,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    seconds: r.duration,
    cpuMicrosPerCall: usage && done ? (usage.cpuMs * 1000) / done : null,
    peakRssMiB: usage ? usage.peakRssBytes / 2 ** 20 : null,
    statuses: Object.fromEntries(
      Object.entries(r.statusCodeStats).map(([status, { count }]) => [status, count]),
    ),
  };
}

async function measure(database: BenchDatabase): Promise<Outcome> {
  const problems: string[] = [];
  const secret = randomBytes(32).toString('hex');
  const server = await startBenchServer('ours', {
    BENCH_SERVE_DATABASE_URL: database.url,
    BENCH_SERVE_ADMIN_EMAILS: ADMIN.email,
    BENCH_SERVE_AUTH_SECRET: secret,
  });
  try {
    const adminCookie = await adminSessionFor(server, ADMIN);
    const products = await addProducts(server, adminCookie);
    const { shippingMethodId } = await setUpDelivery(server.query);
    const orderCustomers = await insertCustomers(server.query, {
      count: ORDER_CUSTOMERS,
      secret,
      prefix: 'bench-order',
    });
    // One-line orders are priced for the default ship-to and the cheapest method, as checkouts are.
    await addShipTo(
      server.query,
      orderCustomers.map((c) => c.id),
    );
    const withShipTo = async (customers: DirectCustomer[]): Promise<Delivery> => ({
      shippingMethodId,
      shipTo: await addShipTo(
        server.query,
        customers.map((c) => c.id),
      ),
    });

    // Warm-up: both paths, so neither pays for the first compilations.
    console.log(`\n[${database.kind}] warm-up: one-line orders ${warmup} s, then checkouts…`);
    if (warmup > 0) await orderLoad(server, orderCustomers, products, warmup);
    const sizing = await customersWithCarts(server, products, {
      count: SIZING_CHECKOUTS,
      secret,
      prefix: 'bench-sizing',
      seed: 1,
    });
    const sized = await checkoutLoad(server, sizing, 'sizing', await withShipTo(sizing));
    if (sized.non2xx || sized.errors) {
      throw new Error(
        `checkouts are failing before the run: ${JSON.stringify(sized.statusCodeStats)}, ${sized.errors} errors`,
      );
    }
    const count = Math.min(
      MAX_CHECKOUTS,
      Math.max(500, Math.ceil((sized['2xx'] / (sized.duration || 1)) * duration * 1.1)),
    );

    console.log(`[${database.kind}] one-line orders: ${duration} s…`);
    const ordersRun = await whileSampling(server.pid, () =>
      orderLoad(server, orderCustomers, products, duration),
    );
    const orders = rateOf(ordersRun.result, ordersRun.usage);
    if (orders.non2xx) problems.push(`${orders.non2xx} orders were not accepted`);
    if (orders.errors) problems.push(`${orders.errors} order errors or timeouts`);

    console.log(`[${database.kind}] preparing ${count} carts of ${LINES_PER_CART} lines…`);
    const buyers = await customersWithCarts(server, products, {
      count,
      secret,
      prefix: 'bench-buyer',
      seed: 2,
    });
    const buyersDelivery = await withShipTo(buyers);
    console.log(`[${database.kind}] ${count} checkouts…`);
    const checkoutRun = await whileSampling(server.pid, () =>
      checkoutLoad(server, buyers, 'measured', buyersDelivery),
    );
    const measured = rateOf(checkoutRun.result, checkoutRun.usage);
    if (measured.non2xx) {
      problems.push(
        `${measured.non2xx} checkouts were not accepted: ${JSON.stringify(measured.statuses)}`,
      );
    }
    if (measured.errors) problems.push(`${measured.errors} checkout errors or timeouts`);

    // Each accepted checkout is one order of 3 lines, and nothing more.
    const [written] = await server.query<{ orders: string; lines: string }>(
      `select count(distinct o.id) as orders, count(l.*) as lines
       from "order" o join order_line l on l.order_id = o.id
       where o.email like 'bench-buyer-%'`,
    );
    const ordersWritten = Number(written?.orders ?? 0);
    const linesWritten = Number(written?.lines ?? 0);
    if (ordersWritten !== measured.done || linesWritten !== measured.done * LINES_PER_CART) {
      problems.push(
        `${measured.done} checkouts accepted, but ${ordersWritten} orders with ${linesWritten} lines written`,
      );
    }

    const costInOrders = orders.perSec / measured.perSec;
    const cpuCostInOrders =
      orders.cpuMicrosPerCall && measured.cpuMicrosPerCall
        ? measured.cpuMicrosPerCall / orders.cpuMicrosPerCall
        : null;
    return {
      database: database.kind,
      orders,
      checkouts: { ...measured, ordersWritten, linesWritten },
      costInOrders,
      cpuCostInOrders,
      pass: costInOrders < LINES_PER_CART && problems.length === 0,
      problems,
    };
  } finally {
    await server.stop();
  }
}

function report(outcomes: Outcome[], loadAtStart: string) {
  console.log(
    `\n${connections} connections; one-line orders for ${duration} s after ${warmup} s warm-up, ` +
      `${LINES_PER_CART}-line checkouts until every prepared cart is placed; before the run: ${loadAtStart}`,
  );
  printTable(
    ['database', 'call', ...loadColumns.header('call')],
    outcomes.flatMap((o) => [
      [
        o.database,
        'one-line order',
        ...loadColumns.cells(o.orders.perSec, o.orders.cpuMicrosPerCall, o.orders),
      ],
      [
        o.database,
        `${LINES_PER_CART}-line checkout`,
        ...loadColumns.cells(o.checkouts.perSec, o.checkouts.cpuMicrosPerCall, o.checkouts),
      ],
    ]),
    2,
  );
  console.log('');
  for (const o of outcomes) {
    console.log(
      `${o.database}: a ${LINES_PER_CART}-line checkout costs ${fmt(o.costInOrders, 2)} one-line orders ` +
        `by throughput (${fmt(o.cpuCostInOrders, 2)} by server CPU); ` +
        `${o.checkouts.done} checkouts wrote ${o.checkouts.ordersWritten} orders of ` +
        `${o.checkouts.linesWritten} lines; budget < ${LINES_PER_CART}: ${o.pass ? 'PASS' : 'FAIL'}`,
    );
    for (const p of o.problems) console.log(`  ! ${p}`);
  }
}

async function main() {
  await runLoadBench('checkouts', {
    measure,
    report,
    settings: {
      products: PRODUCTS,
      linesPerCart: LINES_PER_CART,
      orderCustomers: ORDER_CUSTOMERS,
    },
    passed: (o) => o.pass,
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
