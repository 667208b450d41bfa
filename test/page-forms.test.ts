import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, ORIGIN, signUp, uniqueEmail } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { postForm } from './support/page-forms.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';

// Forms posted before the page's script took over (docs/decisions/0018): the page's route
// action answers them on the server, as the hydrated app would have.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let chain: { id: string };

const TEMPLATE = `<!doctype html><html lang="en"><head><!--page-head--><title>ECParts</title><!--/page-head--></head>
<body><div id="root"></div></body></html>`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-forms-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  ctx = await makeTestApp({ WEB_DIST_DIR: dist });
  chain = await insertProduct(ctx.db, { name: 'Chain wear checker', sku: 'ECP-CWC-01' });
  if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => ctx.app.close());

const post = (url: string, fields: Record<string, string>, headers?: Record<string, string>) =>
  postForm(ctx.app, url, fields, headers);

const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat().map(String);

describe('forms posted without script', () => {
  it('signs a new account up, signed in at once, and back to the page they came from', async () => {
    const email = uniqueEmail('noscript');
    const res = await post('/signup?next=%2Fshop', {
      name: 'Nova Script',
      email,
      password: 'correct-horse-9',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/shop');
    const cookie = cookieFrom(res.headers['set-cookie']);
    expect(cookie).toMatch(/better-auth\.session_token=/);
    const session = await ctx.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toMatchObject({ user: { email } });
  });

  it('signs in with the session cookie, and refuses a wrong password with the email kept', async () => {
    const account = await signUp(ctx.app);
    const wrong = await post('/login', { email: account.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(`value="${account.email}"`);
    expect(wrong.body).not.toContain('not-the-password');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await post('/login', { email: account.email, password: account.password });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/');
    expect(setCookies(right).join(';')).toMatch(/better-auth\.session_token=/);
  });

  it('draws the page again with the error by its field when the input breaks the rule', async () => {
    const res = await post('/signup', { name: 'Al', email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('value="not-an-email"');
    expect(res.body).toMatch(/id="signup-email-error"/);
    expect(res.body).not.toMatch(/value="x"/);
  });

  it("carries the app's message to the next page once, in a flash cookie", async () => {
    const res = await post('/forgot-password', { email: uniqueEmail('forgot') });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/forgot-password');
    const flash = setCookies(res).find((c) => c.startsWith('ecparts_flash='));
    expect(flash).toBeDefined();
    const next = await ctx.app.inject({
      url: '/forgot-password',
      headers: { cookie: flash!.split(';')[0]! },
    });
    expect(next.body).toContain('we have sent a link to reset the password');
    expect(setCookies(next).join(';')).toMatch(/ecparts_flash=; Path=\/; Max-Age=0/);
  });

  it('refuses a form sent from another site, with or without a session', async () => {
    const foreign = { origin: 'https://evil.example' };
    const signup = await post(
      '/signup',
      { name: 'Eve', email: uniqueEmail('eve'), password: 'correct-horse-9' },
      foreign,
    );
    expect(signup.statusCode).toBe(403);
    expect(signup.headers['set-cookie']).toBeUndefined();
  });

  it('refuses JSON posted to a page with a clear 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: { email: 'a@b.c', password: 'secret-password' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.body).toContain('application/x-www-form-urlencoded');
  });

  it('answers a form too large for a page with a clear 413', async () => {
    const res = await post('/login', { email: 'a@b.c', password: 'x'.repeat(300_000) });
    expect(res.statusCode).toBe(413);
  });

  it('sends a form posted to a page without one back to that page', async () => {
    const res = await post('/blog', { anything: '1' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/blog');
  });

  it('sends a visitor who adds to the cart to sign in first, and back to the product', async () => {
    const res = await post(`/products/${chain.id}`, { productId: chain.id, quantity: '10' });
    expect(res.statusCode).toBe(303);
    const next = new URL(res.headers.location ?? '', ORIGIN);
    expect(next.pathname).toBe('/login');
    expect(next.searchParams.get('next')).toBe(`/products/${chain.id}`);
  });

  it('sends a visitor who adds from a shop card to sign in first, and back to the same list', async () => {
    const res = await post('/shop?q=chain&page=1', { productId: chain.id, quantity: '10' });
    expect(res.statusCode).toBe(303);
    const next = new URL(res.headers.location ?? '', ORIGIN);
    expect(next.pathname).toBe('/login');
    expect(next.searchParams.get('next')).toBe('/shop?q=chain&page=1');
  });
});

describe("a customer's forms posted without script", () => {
  it("adds a shop card's part and goes back to the same list saying so, or says why not", async () => {
    const customer = await signUp(ctx.app);
    const res = await post(
      '/shop?q=chain',
      { productId: chain.id, quantity: '10' },
      { cookie: customer.cookie },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/shop?q=chain');
    const flash = setCookies(res).find((c) => c.startsWith('ecparts_flash='));
    expect(decodeURIComponent(flash ?? '')).toContain('Added 10 × Chain wear checker');
    const cart = await ctx.app.inject({ url: '/api/cart', headers: { cookie: customer.cookie } });
    expect(cart.json<{ lines: unknown[] }>().lines).toEqual([
      expect.objectContaining({ productId: chain.id, quantity: 10 }),
    ]);

    // Sold out since the list was drawn: the same list again, the refusal at its top.
    const soldOut = await insertProduct(ctx.db, { name: 'Sold-out chain tool', stock: 0 });
    if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await post(
      '/shop?q=chain',
      { productId: soldOut.id, quantity: '10' },
      { cookie: customer.cookie },
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.body).toMatch(/role="alert"[^>]*>Sold-out chain tool: [^<]+</);
  });

  it('adds two parts to the cart, each with its message on the next page', async () => {
    const customer = await signUp(ctx.app);
    const other = await insertProduct(ctx.db, { name: 'Spoke wrench', sku: 'ECP-SW-NS' });
    for (const part of [chain, other]) {
      const res = await post(
        `/products/${part.id}`,
        { productId: part.id, quantity: '20' },
        { cookie: customer.cookie },
      );
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/products/${part.id}`);
      const flash = setCookies(res).find((c) => c.startsWith('ecparts_flash='));
      expect(decodeURIComponent(flash ?? '')).toContain('Added 20');
    }
    const cart = await ctx.app.inject({ url: '/api/cart', headers: { cookie: customer.cookie } });
    expect(cart.json<{ lines: unknown[] }>().lines).toHaveLength(2);
  });

  it('refuses a quantity under the minimum with the status the API gives, keeping it', async () => {
    const customer = await signUp(ctx.app);
    const res = await post(
      `/tools/${chain.id}`,
      { productId: chain.id, email: customer.email, quantity: '3' },
      { cookie: customer.cookie },
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toContain('value="3"');
    expect(res.body).toMatch(/Minimum order is 10|at least 10|minimum/i);
  });

  it('places an order from the purchase page and goes to the dashboard saying so', async () => {
    const customer = await signUp(ctx.app);
    const res = await post(
      `/tools/${chain.id}`,
      { productId: chain.id, email: customer.email, quantity: '10' },
      { cookie: customer.cookie },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const flash = setCookies(res).find((c) => c.startsWith('ecparts_flash='));
    expect(decodeURIComponent(flash ?? '')).toContain('Order Placed Success');
  });

  it('quick orders a paste and checks the cart out, once for one attempt', async () => {
    const customer = await signUp(ctx.app);
    const quick = await post(
      '/quick-order',
      { text: 'ECP-CWC-01 10', mode: 'add' },
      { cookie: customer.cookie },
    );
    expect(quick.statusCode).toBe(303);
    expect(quick.headers.location).toBe('/quick-order');
    const attempt = `noscript-${Date.now()}`;
    const delivery = await givenDelivery(ctx.app, customer);
    const placeOrder = { intent: 'checkout', attempt, ...delivery };
    const first = await post('/checkout', placeOrder, { cookie: customer.cookie });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(/^\/order\/payment\//);
    const again = await post('/checkout', placeOrder, { cookie: customer.cookie });
    expect(again.headers.location).toBe(first.headers.location);
  });

  it('adds an address on the checkout page and comes back to it with the address chosen', async () => {
    const customer = await signUp(ctx.app);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${chain.id}`,
      headers: { cookie: customer.cookie, origin: ORIGIN },
      payload: { quantity: 10 },
    });
    expect(put.statusCode).toBe(200);
    const address = {
      intent: 'address',
      name: 'Nia Script',
      line1: '500 Market St',
      city: 'San Francisco',
      region: 'california',
      postalCode: '94105',
      country: 'US',
      isDefaultShipping: 'on',
    };
    const refused = await post(
      '/checkout',
      { ...address, postalCode: 'ABC' },
      { cookie: customer.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Enter a valid postal code for United States, like 94105');
    expect(refused.body).toContain('value="500 Market St"');
    const added = await post('/checkout', address, { cookie: customer.cookie });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toMatch(/^\/checkout\?shippingAddressId=[0-9a-f-]{36}$/);
    const list = await ctx.app.inject({
      url: '/api/addresses',
      headers: { cookie: customer.cookie },
    });
    expect(list.json().data).toMatchObject([
      { name: 'Nia Script', region: 'CA', isDefaultShipping: true },
    ]);
  });

  it('adds a review and sends a contact message', async () => {
    const customer = await signUp(ctx.app);
    const review = await post(
      '/dashboard/myreview',
      { rating: '5', productId: '', desc: 'Good chains.' },
      { cookie: customer.cookie },
    );
    expect(review.statusCode).toBe(303);
    expect(review.headers.location).toBe('/dashboard/myreview');
    const contact = await post('/', {
      name: 'Nia Script',
      email: 'nia@example.com',
      message: 'Do you ship to Lisbon?',
    });
    expect(contact.statusCode).toBe(303);
    expect(contact.headers.location).toBe('/#contact');
  });

  it('saves the profile, and refuses a name that breaks the rule with the status the API gives', async () => {
    const customer = await signUp(ctx.app);
    const saved = await post(
      '/dashboard/myprofile',
      { email: customer.email, name: 'Robin Renamed', image: '' },
      { cookie: customer.cookie },
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/dashboard/myprofile');
    const session = await ctx.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: customer.cookie },
    });
    expect(session.json()).toMatchObject({ user: { name: 'Robin Renamed' } });

    const refused = await post(
      '/dashboard/myprofile',
      { email: customer.email, name: '', image: '' },
      { cookie: customer.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/id="profile-name-error"/);
  });

  it('saves the company and VAT ID from My Profile, and refuses a VAT ID that fails its checksum by its field', async () => {
    const customer = await signUp(ctx.app);
    const wrong = await post(
      '/dashboard/myprofile',
      { intent: 'tax', companyName: 'Rider Cycles GmbH', vatId: 'DE136695977' },
      { cookie: customer.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatch(/id="tax-vat-id-error"[^>]*>Enter a valid EU VAT ID/);
    expect(wrong.body).toContain('value="Rider Cycles GmbH"');
    const saved = await post(
      '/dashboard/myprofile',
      { intent: 'tax', companyName: 'Rider Cycles GmbH', vatId: 'de 136 695 976' },
      { cookie: customer.cookie },
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/dashboard/myprofile');
    const tax = await ctx.app.inject({
      url: '/api/users/me/tax',
      headers: { cookie: customer.cookie },
    });
    expect(tax.json()).toMatchObject({ companyName: 'Rider Cycles GmbH', vatId: 'DE136695976' });
  });

  it("refuses a customer's form sent from another site, and nothing is ordered", async () => {
    const customer = await signUp(ctx.app);
    const res = await post(
      `/tools/${chain.id}`,
      { productId: chain.id, email: customer.email, quantity: '10' },
      { cookie: customer.cookie, origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    const orders = await ctx.app.inject({
      url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
      headers: { cookie: customer.cookie },
    });
    expect(orders.json<{ data: unknown[] }>().data).toHaveLength(0);
  });
});
