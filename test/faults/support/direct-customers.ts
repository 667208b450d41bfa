// Many signed-in customers at once, without a thousand sign-ups: Better Auth hashes every
// password with scrypt on purpose, which makes signing up 1,000 customers take minutes. The
// rows are written the way Better Auth writes them (a user, a session holding a random token),
// and the session cookie is signed the way better-call signs it (HMAC-SHA256 of the token with
// the server's secret, base64, appended after a dot, URL-encoded). Every call after that is an
// ordinary HTTP request that the server authenticates itself; a test compares one cookie made
// here with the one a real sign-in set (`sessionCookie`).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/** Runs one SQL statement on the shop's database (pg, PGlite, or a bench server's own). */
export type Query = (text: string, values?: unknown[]) => Promise<unknown>;

export type DirectCustomer = { id: string; email: string; name: string; cookie: string };

/** Better Auth's session cookie over plain http (no `__Secure-` prefix). */
export const SESSION_COOKIE = 'better-auth.session_token';

/** The Cookie header a browser holding this session token would send. */
export function sessionCookie(token: string, secret: string) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * Inserts `count` customers (role user, email verified) with one live session each, and returns
 * the cookies that sign them in. Emails are `<prefix>-<n>@<domain>`.
 */
export async function insertCustomers(
  query: Query,
  { count, secret, prefix, domain = 'bulk.example.com' }: DirectOptions,
): Promise<DirectCustomer[]> {
  const customers = Array.from({ length: count }, (_, i) => {
    const token = randomBytes(24).toString('base64url');
    return {
      id: randomUUID(),
      sessionId: randomUUID(),
      token,
      email: `${prefix}-${i + 1}@${domain}`,
      name: `Workshop ${i + 1}`,
      cookie: sessionCookie(token, secret),
    };
  });
  // A week ahead, as Better Auth's own sessions: too far for it to want to refresh them.
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  for (const batch of chunks(customers, 2000)) {
    await query(
      `insert into "user" (id, name, email, email_verified, role)
       select id, name, email, true, 'user'
       from unnest($1::text[], $2::text[], $3::text[]) as u(id, name, email)`,
      [batch.map((c) => c.id), batch.map((c) => c.name), batch.map((c) => c.email)],
    );
    await query(
      `insert into session (id, token, user_id, expires_at, ip_address, user_agent)
       select id, token, user_id, $4::timestamptz, '127.0.0.1', 'direct-customers'
       from unnest($1::text[], $2::text[], $3::text[]) as s(id, token, user_id)`,
      [batch.map((c) => c.sessionId), batch.map((c) => c.token), batch.map((c) => c.id), expiresAt],
    );
  }
  return customers.map(({ id, email, name, cookie }) => ({ id, email, name, cookie }));
}

type DirectOptions = { count: number; secret: string; prefix: string; domain?: string };

export type CartRow = { userId: string; productId: string; quantity: number };

/** Puts lines into customers' carts, as `PUT /api/cart/lines/{id}` would store them. */
export async function insertCartLines(query: Query, rows: readonly CartRow[]) {
  for (const batch of chunks(rows, 5000)) {
    await query(
      `insert into cart_line (user_id, product_id, quantity)
       select * from unnest($1::text[], $2::uuid[], $3::int[])`,
      [batch.map((r) => r.userId), batch.map((r) => r.productId), batch.map((r) => r.quantity)],
    );
  }
}

/** What a checkout sends: where it ships and how. */
export type Delivery = { shippingAddressId: string; shippingMethodId: string };

/**
 * Gives every customer a default ship-to (and billing) address in Oregon, and the shop a free
 * method for every country, so a checkout (or a one-line order) ships and can be paid while its
 * total stays the goods. The checkout body of each customer, by customer id.
 */
export async function insertShipTos(query: Query, customers: readonly { id: string }[]) {
  const shippingMethodId = randomUUID();
  await query(
    `insert into shipping_method (id, name, countries, rate, delivery_min_days, delivery_max_days)
     values ($1, 'Test post', array['*'], '{"kind":"flat","priceCents":0}'::jsonb, 1, 3)`,
    [shippingMethodId],
  );
  const addressIds = customers.map(() => randomUUID());
  for (const batch of chunks(
    customers.map((c, i) => [c.id, addressIds[i]!] as const),
    5000,
  )) {
    await query(
      `insert into address (id, user_id, name, line1, city, region, postal_code, country,
                            is_default_shipping, is_default_billing)
       select a, u, 'Workshop', '100 Main St', 'Portland', 'OR', '97201', 'US', true, true
       from unnest($1::uuid[], $2::text[]) as t(a, u)`,
      [batch.map(([, a]) => a), batch.map(([u]) => u)],
    );
  }
  return new Map<string, Delivery>(
    customers.map((c, i) => [c.id, { shippingAddressId: addressIds[i]!, shippingMethodId }]),
  );
}

/** A planned cart: lines naming their product by its place in the test's catalogue. */
export type PlannedCart = readonly { product: number; quantity: number }[];

/**
 * One customer per planned cart (see `insertCustomers`), each cart filled with its lines;
 * `productIds` turns a line's product place into the product's id.
 */
export async function insertCustomersWithCarts(
  query: Query,
  carts: readonly PlannedCart[],
  productIds: readonly string[],
  options: Omit<DirectOptions, 'count'>,
) {
  const customers = await insertCustomers(query, { ...options, count: carts.length });
  const rows: CartRow[] = carts.flatMap((cart, c) =>
    cart.map((line) => ({
      userId: customers[c]!.id,
      productId: productIds[line.product]!,
      quantity: line.quantity,
    })),
  );
  await insertCartLines(query, rows);
  const deliveries = await insertShipTos(query, customers);
  return customers.map((c) => ({ ...c, delivery: deliveries.get(c.id)! }));
}

/** How many pieces of each of `productCount` products the planned carts ask for in all. */
export function demandOf(carts: readonly PlannedCart[], productCount: number) {
  const demand = Array.from({ length: productCount }, () => 0);
  for (const cart of carts) for (const line of cart) demand[line.product]! += line.quantity;
  return demand;
}

function chunks<T>(items: readonly T[], size: number) {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A small seeded random generator (mulberry32): the same seed draws the same carts. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  /** A whole number from `min` to `max`, both included. */
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** `count` different items of `items`, in random order. */
  const pick = <T>(items: readonly T[], count: number) => {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, count);
  };
  return { next, between, pick };
}
