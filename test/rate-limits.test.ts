// Issue 19, item 8: orders and checkouts each had their own 30 per 10 minutes (60 got
// through), and ten wrong passwords from anywhere locked the real owner out for 15 minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { authRateLimits } from '../src/server/auth/rate-limits.ts';
import { ORIGIN, signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;

let ctx: Ctx;

beforeAll(async () => {
  // Only the allowance may stop an order here, not the count of unpaid ones.
  ctx = await makeTestApp({ MAX_UNPAID_ORDERS: '1000' });
});
afterAll(() => ctx.app.close());

describe('orders and checkouts', () => {
  it('share one allowance of 30 per ten minutes: the 31st placement is refused, whichever way it comes', async () => {
    const part = await insertProduct(ctx.db, { priceCents: 100, stock: 100_000 });
    const buyer = await signUp(ctx.app, { name: 'Bucket Bo' });
    const me = asCustomer(ctx.app, buyer);
    const order = () =>
      inject(ctx.app, 'POST /api/orders', {
        body: { productId: part.id, quantity: 10, email: buyer.email },
        as: me,
      });
    const checkout = async (i: number) => {
      await me.setLine(part.id, 10);
      return me.checkout(`bucket-${Date.now()}-${i}`);
    };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await order()).statusCode);
    for (let i = 0; i < 10; i++) statuses.push((await checkout(i)).statusCode);
    expect(statuses).toEqual(Array(30).fill(201));

    const refused = await checkout(10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await order()).statusCode).toBe(429);
    // The cart was not turned into an order.
    expect((await me.cart()).json<{ lines: unknown[] }>().lines).toHaveLength(1);

    // Another account draws on its own allowance.
    const neighbour = await signUp(ctx.app, { name: 'Neighbour Nat' });
    const theirs = await inject(ctx.app, 'POST /api/orders', {
      body: {
        productId: part.id,
        quantity: 10,
        email: neighbour.email,
      },
      as: asCustomer(ctx.app, neighbour),
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<Order>().email).toBe(neighbour.email);
  });

  it('say in the API docs that they are counted together', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description: string }>>;
    }>();
    expect(doc.paths['/api/orders']?.post?.description).toMatch(
      /At most 30 calls per 600 s per account, counted together with checkout, acceptQuote\./,
    );
    expect(doc.paths['/api/checkout']?.post?.description).toMatch(
      /counted together with placeOrder, acceptQuote\./,
    );
  });
});

describe('sign-in limits', () => {
  const signInFrom = (ip: string, email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: ip,
      payload: { email, password },
      headers: { origin: ORIGIN },
    });

  it('do not let wrong passwords from one address lock the owner out of signing in from another', async () => {
    const owner = await signUp(ctx.app, { name: 'Owen Owner' });
    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) {
      guesses.push((await signInFrom('10.20.0.1', owner.email, `wrong-guess-${i}`)).statusCode);
    }
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses.slice(10)).toEqual([429, 429]);
    // The guesser's address stays stopped for this email, even with the right password...
    expect((await signInFrom('10.20.0.1', owner.email, owner.password)).statusCode).toBe(429);
    // ...while the owner, elsewhere, signs in.
    expect((await signInFrom('10.20.0.2', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('never count the owner’s own successful sign-ins', async () => {
    const owner = await signUp(ctx.app, { name: 'Frequent Fay' });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push((await signInFrom('10.21.0.1', owner.email, owner.password)).statusCode);
    }
    expect(statuses).toEqual(Array(15).fill(200));
    // Nor a wrong password put right: the failures so far are what count.
    for (let i = 0; i < 9; i++) await signInFrom('10.21.0.1', owner.email, `typo-${i}`);
    expect((await signInFrom('10.21.0.1', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('still stop one account’s password being guessed from many addresses, at the per-email ceiling', async () => {
    const rule = authRateLimits['/sign-in/email']!.find((r) => r.per === 'email')!;
    const perAddress = authRateLimits['/sign-in/email']!.find((r) => r.per === 'emailFromIp')!;
    expect(rule.max).toBeGreaterThanOrEqual(5 * perAddress.max);
    const target = await signUp(ctx.app, { name: 'Targeted Tam' });
    const statuses: number[] = [];
    // Spread over addresses so that no address reaches its own ceiling for this email.
    for (let i = 0; i < rule.max; i++) {
      const ip = `10.22.${Math.floor(i / (perAddress.max - 1))}.1`;
      statuses.push((await signInFrom(ip, target.email.toUpperCase(), `guess-${i}`)).statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const next = await signInFrom('10.23.0.1', target.email, 'one-more-guess');
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);
});

describe('sign-up limits', () => {
  const signUpFrom = (app: Ctx['app'], ip: string, i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: ip,
      payload: { email: `many-${ip}-${i}@example.com`, password: 'long-enough-2026', name: 'Sam' },
      headers: { origin: ORIGIN },
    });
  const signUps = async (app: Ctx['app'], ip: string, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await signUpFrom(app, ip, i)).statusCode);
    return statuses;
  };

  it('let one address make 30 accounts in an hour, and refuse the 31st', async () => {
    const statuses = await signUps(ctx.app, '10.30.0.1', 31);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
  });

  it('follow SIGNUP_RATE_LIMIT when a shop sets it', async () => {
    const shop = await makeTestApp({ SIGNUP_RATE_LIMIT: '3' });
    try {
      expect(await signUps(shop.app, '10.30.0.2', 4)).toEqual([200, 200, 200, 429]);
    } finally {
      await shop.app.close();
    }
  });
});
