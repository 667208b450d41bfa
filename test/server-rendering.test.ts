import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUp, type Account } from './support/auth.ts';
import { insertBlog, insertProduct, insertReview } from './support/fixtures.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';

// Public pages arrive as HTML with their content and data (src/server/ssr, src/web/entry-server).
// The template stands in for Vite's index.html: the server renders into whatever was built.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let customer: Account;
let chainTool: { id: string };
let blogPost: { id: string };

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<!--page-head--><title>ECParts</title><meta name="description" content="default" /><!--/page-head-->
<script type="module" src="/assets/boot-abc.js"></script></head>
<body><div id="root"></div></body></html>`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-ssr-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  ctx = await makeTestApp({
    WEB_DIST_DIR: dist,
    ADMIN_EMAILS: 'ssr-admin@example.com',
  });
  admin = await signUp(ctx.app, { email: 'ssr-admin@example.com', name: 'Sam Admin' });
  customer = await signUp(ctx.app, { name: 'Casey Rider' });
  chainTool = await insertProduct(ctx.db, { name: 'Chain wear checker', sku: 'ECP-CWC-01' });
  for (let i = 1; i <= 14; i += 1) {
    await insertProduct(ctx.db, { name: `Spoke wrench size ${i}`, sku: `ECP-SW-${i}` });
  }
  await insertReview(ctx.db, {
    name: 'Rita Reviewer',
    description: 'Fast delivery of 200 chains.',
  });
  blogPost = await insertBlog(ctx.db, {
    title: 'How do I true a wheel?',
    description: 'Tension the spokes a quarter turn at a time.',
  });
  // PostgreSQL reports the writes above a moment after commit.
  if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => ctx.app.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** The JSON the page hands to the browser, as main.tsx reads it. */
function pageData(html: string) {
  const found = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
  if (!found?.[1]) throw new Error('no page data');
  return JSON.parse(found[1]) as {
    origin: string;
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  };
}

describe('server rendering', () => {
  it('sends the home page with every section and its products, reviews and posts in the HTML', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const text of [
      'Cycle Tools',
      'Customer Reviews',
      'Rita Reviewer',
      'How do I true a wheel?',
      'Contact Us',
      'Chain wear checker',
    ]) {
      expect(res.body, text).toContain(text);
    }
    expect(res.body).toContain('<title>');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/"/>');
    expect(res.body).not.toContain('content="default"');
    expect(pageData(res.body).origin).toBe(ORIGIN);
  });

  it('renders the shop for its search and its page, and the data the browser needs', async () => {
    const search = await page('/shop?q=chain');
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('Chain wear checker');
    expect(search.body).not.toContain('Spoke wrench size 1<');
    const [tools] = pageData(search.body).queries.queries.filter((q) => q.queryKey[0] === 'tools');
    expect(tools?.state.data).toMatchObject({ total: 1 });

    const second = await page('/shop?page=2');
    expect(second.statusCode).toBe(200);
    // React separates neighbouring text with empty comments.
    expect(second.body.replaceAll('<!-- -->', '')).toMatch(/Page 2 of 2/);
  });

  it('renders a blog post with its question and answer, and a missing post as a 404', async () => {
    const res = await page(`/blogs/${blogPost.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('How do I true a wheel?');
    expect(res.body).toContain('Tension the spokes a quarter turn at a time.');
    const missing = await page('/blogs/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This blog post does not exist.');
  });

  it('answers a missing product with status 404 and the not-found page, never a spinner', async () => {
    const missing = await page('/products/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Sorry, This page is not found!');
    expect(missing.body).not.toContain('Loading the product');
  });

  it("draws a signed-in customer's cart and the product they buy from their own data", async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${chainTool.id}`,
      headers: { cookie: customer.cookie, origin: ORIGIN },
      payload: { quantity: 20 },
    });
    const cart = await page('/cart', { cookie: customer.cookie });
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toContain('Chain wear checker');
    const [saved] = pageData(cart.body).queries.queries.filter((q) => q.queryKey[0] === 'cart');
    expect(saved?.state.data).toBeTruthy();
    const purchase = await page(`/tools/${chainTool.id}`, { cookie: customer.cookie });
    expect(purchase.body).toContain('Chain wear checker');
    expect(purchase.body).not.toContain('Loading the product');
  });

  it('folds a long cart after 10 lines, and draws all of it or a search by SKU from the address, before any script', async () => {
    const buyer = await signUp(ctx.app, { name: 'Lee Long' });
    const skus: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const sku = `ECP-BPK-${String(i).padStart(2, '0')}`;
      skus.push(sku);
      const part = await insertProduct(ctx.db, { name: `Brake pad kit ${i}`, sku });
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/api/cart/lines/${part.id}`,
        headers: { cookie: buyer.cookie, origin: ORIGIN },
        payload: { quantity: 10 },
      });
      expect(put.statusCode).toBe(200);
    }
    // The lines the page draws, by SKU: the data block for the browser holds every line.
    const drawn = async (url: string) => {
      const res = await page(url, { cookie: buyer.cookie });
      expect(res.statusCode).toBe(200);
      const html = res.body.replace(/<script[^>]*>[^<]*<\/script>/g, '');
      return { html, skus: skus.filter((sku) => html.includes(`>${sku}<`)) };
    };
    const folded = await drawn('/cart');
    expect(folded.skus).toHaveLength(10);
    expect(folded.html).toContain('Show all 12 lines');
    expect(folded.html).toContain('Find a line in your cart');
    const hidden = skus.filter((sku) => !folded.skus.includes(sku));
    expect(hidden).toHaveLength(2);
    const found = await drawn(`/cart?q=${hidden[0]!.toLowerCase()}`);
    expect(found.skus).toEqual([hidden[0]]);
    const all = await drawn('/cart?all=1');
    expect(all.skus).toHaveLength(12);
    expect(all.html).not.toContain('Show all');
  });

  it('answers an unknown page with status 404 and the not-found page in the HTML', async () => {
    const res = await page('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Sorry, This page is not found!');
  });

  it('serves pages behind sign-in as the shell the browser draws, with no data in it', async () => {
    const res = await page('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('page-data');
  });

  it('shows a signed-in customer their own navbar, and never that page to anyone else', async () => {
    const signedOut = await page('/');
    expect(signedOut.body).toMatch(/>Login</);
    const signedIn = await page('/', { cookie: customer.cookie });
    expect(signedIn.body).toMatch(/>Dashboard</);
    expect(signedIn.body).not.toMatch(/>Login</);
    expect((await page('/')).body).toMatch(/>Login</);
  });

  it('answers 200 to a signed-in customer on every page behind sign-in', async () => {
    for (const url of [
      '/dashboard',
      '/dashboard/myreview',
      '/dashboard/myprofile',
      '/cart',
      '/quick-order',
      '/checkout',
      '/dashboard/addresses',
    ]) {
      const res = await page(url, { cookie: customer.cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('page-data');
    }
  });

  it('shows a product written by an admin on the next page load, in every cached page', async () => {
    expect((await page('/shop?q=chain')).body).toContain('Chain wear checker');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/tools/${chainTool.id}`,
      headers: { origin: ORIGIN, cookie: admin.cookie },
      payload: { name: 'Chain wear gauge' },
    });
    expect(res.statusCode).toBe(200);
    const after = (await page('/shop?q=chain')).body;
    expect(after).toContain('Chain wear gauge');
    expect(after).not.toContain('Chain wear checker');
  });

  it('escapes a stored script in the HTML and in the data block', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: { origin: ORIGIN, cookie: admin.cookie },
      payload: {
        name,
        sku: 'ECP-XSS-1',
        price: 4,
        stock: 100,
        desc: '<img src=x onerror=alert(2)>',
        img: '/images/products/chain-wear-checker.svg',
      },
    });
    expect(res.statusCode).toBe(201);
    const html = (await page('/shop?q=xss')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    const listed = JSON.stringify(pageData(html).queries);
    expect(listed).toContain(name);
  });

  it('compresses the page for browsers that take brotli, and keeps scripts to our own files', async () => {
    const res = await page('/blog', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('How do I true a wheel?');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    // Only data blocks inline: nothing the browser runs.
    const inline = [
      ...brotliDecompressSync(res.rawPayload)
        .toString()
        .matchAll(/<script([^>]*)>/g),
    ]
      .map((m) => m[1] ?? '')
      .filter((attributes) => !attributes.includes('src='));
    expect(inline.every((a) => /type="application\/(ld\+)?json"/.test(a))).toBe(true);
  });

  it('sends a form posted to a page that has none back to that page', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/blog',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: 'q=chain',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/blog');
  });
});
