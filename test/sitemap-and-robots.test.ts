import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../src/contract/product-path.ts';
import { ORIGIN, signUp } from './support/auth.ts';
import { insertBlog } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';

// Search engines find every product page, category and brand page and post through /sitemap.xml,
// named by robots.txt.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'seo-admin@example.com' });
  admin = await signUp(ctx.app, { email: 'seo-admin@example.com' });
});
afterAll(() => ctx.app.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const asAdmin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { origin: ORIGIN, cookie: admin.cookie } });

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('the sitemap', () => {
  it('lists the public pages, every product page and every blog post as absolute addresses', async () => {
    const post = await insertBlog(ctx.db, { title: 'Chain care' });
    const added = await asAdmin('POST', '/api/tools', {
      name: 'Cassette lockring tool',
      price: 6,
      stock: 100,
      img: '/images/products/lockring.svg',
    });
    expect(added.statusCode).toBe(201);
    const product = added.json() as { _id: string; name: string };

    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const listed = locs(res.body);
    for (const path of ['/', '/shop', '/blog', '/myportfolio', '/login', '/signup']) {
      expect(listed).toContain(`${ORIGIN}${path}`);
    }
    expect(listed).toContain(`${ORIGIN}/products/${product._id}/cassette-lockring-tool`);
    expect(listed).toContain(`${ORIGIN}/blogs/${post.id}`);
    expect(listed.some((loc) => loc?.includes('/dashboard'))).toBe(false);
  });

  it("lists every category's page and every brand's page, and follows a new slug", async () => {
    const drivetrain = await asAdmin('POST', '/api/categories', { name: 'Drivetrain' });
    expect(drivetrain.statusCode, drivetrain.body).toBe(201);
    const chains = await asAdmin('POST', '/api/categories', {
      name: 'Chains',
      parentId: (drivetrain.json() as { _id: string })._id,
    });
    expect(chains.statusCode, chains.body).toBe(201);
    const brand = await asAdmin('POST', '/api/brands', { name: 'Shimano' });
    expect(brand.statusCode, brand.body).toBe(201);

    const listed = locs((await get('/sitemap.xml')).body);
    for (const path of ['/c/drivetrain', '/c/chains', '/b/shimano']) {
      expect(listed).toContain(`${ORIGIN}${path}`);
    }

    const { _id } = chains.json() as { _id: string };
    expect(
      (await asAdmin('PATCH', `/api/categories/${_id}`, { slug: 'chains-links' })).statusCode,
    ).toBe(200);
    const renamed = locs((await get('/sitemap.xml')).body);
    expect(renamed).toContain(`${ORIGIN}/c/chains-links`);
    expect(renamed).not.toContain(`${ORIGIN}/c/chains`);
  });

  it('follows a rename and a delete at once', async () => {
    const added = await asAdmin('POST', '/api/tools', {
      name: 'Spoke key',
      price: 3,
      stock: 100,
      img: '/images/products/spoke-key.svg',
    });
    const product = added.json() as { _id: string };
    expect(locs((await get('/sitemap.xml')).body)).toContain(
      `${ORIGIN}${productPath({ _id: product._id, name: 'Spoke key' })}`,
    );

    await asAdmin('PATCH', `/api/tools/${product._id}`, { name: 'Spoke key & truing set' });
    const renamed = (await get('/sitemap.xml')).body;
    expect(locs(renamed)).toContain(`${ORIGIN}/products/${product._id}/spoke-key-truing-set`);
    expect(locs(renamed)).not.toContain(`${ORIGIN}/products/${product._id}/spoke-key`);

    await asAdmin('DELETE', `/api/tool/${product._id}`);
    expect((await get('/sitemap.xml')).body).not.toContain(product._id);
  });
});

describe('robots.txt', () => {
  it('lets crawlers read the shop, keeps them out of the API and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
