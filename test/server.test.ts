import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ladderProblems, productInput } from '../src/contract/product-input.ts';
import { centsToDollars } from '../src/contract/money.ts';
import { ladderInDollars } from '../src/contract/price-ladder.ts';
import { ConfigError, parseConfig } from '../src/server/config.ts';
import { seedDemoData } from '../src/server/db/seed.ts';
import { products, reviews } from '../src/server/db/schema.ts';
import { seedBlogs, seedReviews } from '../src/server/db/seed-content.ts';
import { seedProducts } from '../src/server/db/seed-data.ts';
import { demoCatalogue } from '../src/server/db/demo-catalogue/catalogue.ts';
import { eq } from 'drizzle-orm';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.app.close());

describe('the server', () => {
  it('reports health with the database in use', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: expect.stringMatching(/pglite|postgres/),
    });
  });

  it('answers unknown API paths with JSON 404', async () => {
    for (const url of ['/api/nope', '/api', '/api/tools/1/extra']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'not_found',
        message: expect.stringContaining('No route'),
      });
    }
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await ctx.app.inject('/api/tools');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/tools',
        '/api/tools/{id}',
        '/api/blogs',
        '/api/reviews',
        '/api/contact',
      ]),
    );
    expect((await ctx.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('demo data', () => {
  it('seeds once: a second run adds nothing and keeps what users changed', async () => {
    expect(await seedDemoData(ctx.db)).toBe(true);
    const [first] = await ctx.db
      .select()
      .from(products)
      .where(eq(products.name, seedProducts[0]!.name));
    await ctx.db.update(products).set({ stock: 3 }).where(eq(products.id, first!.id));
    await ctx.db.delete(reviews);

    expect(await seedDemoData(ctx.db)).toBe(false);
    const all = await ctx.db.select().from(products);
    // The spec's products and the wholesaler's catalogue (issue 32).
    expect(all).toHaveLength(seedProducts.length + demoCatalogue().parts.length);
    const spokes = all.find((p) => p.sku === 'ECP-SPK-262');
    expect(spokes).toMatchObject({ moq: 36, packSize: 36, priceCents: 45 });
    expect(spokes?.tiers.map((t) => t.minQuantity)).toEqual([36, 144, 720]);
    expect(all.find((p) => p.id === first!.id)?.stock).toBe(3);
    expect(await ctx.db.select().from(reviews)).toHaveLength(0);
  });

  it('is a realistic catalogue with shipped images', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(12);
    expect(seedBlogs.length).toBeGreaterThanOrEqual(3);
    expect(seedReviews.length).toBeGreaterThanOrEqual(6);
    for (const p of seedProducts) {
      expect(p.stock).toBeGreaterThanOrEqual(50);
      expect(p.stock).toBeLessThanOrEqual(5000);
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.image).toMatch(/^\/images\/products\/.+\.svg$/);
    }
  });
});

describe('demo bulk-buying data', () => {
  it('gives every product a unique SKU and a ladder Add Product would accept', () => {
    const skus = seedProducts.map((p) => p.sku.toUpperCase());
    expect(new Set(skus).size).toBe(seedProducts.length);
    for (const p of seedProducts) {
      const tiers = ladderInDollars(p.tiers);
      const asAdded = {
        name: p.name,
        price: centsToDollars(p.priceCents),
        stock: p.stock,
        desc: p.description,
        img: p.image,
        sku: p.sku,
        moq: p.moq,
        packSize: p.packSize,
        tiers,
      };
      expect(ladderProblems(asAdded), p.sku).toEqual([]);
      expect(productInput.safeParse(asAdded).error?.issues, p.sku).toBeUndefined();
      expect(p.sku).toBe(p.sku.toUpperCase());
    }
  });

  it('has falling prices of 2 to 4 tiers, and mostly the spec minimum of 10', () => {
    for (const p of seedProducts) {
      expect(p.tiers.length, p.sku).toBeGreaterThanOrEqual(2);
      expect(p.tiers.length, p.sku).toBeLessThanOrEqual(4);
      const prices = p.tiers.map((t) => t.priceCents);
      for (const [i, price] of prices.entries()) {
        if (i > 0) expect(price, p.sku).toBeLessThan(prices[i - 1]!);
      }
    }
    const atTen = seedProducts.filter((p) => p.moq === 10);
    expect(atTen.length).toBeGreaterThan(seedProducts.length / 2);
    // The spec's purchase page flow ("Quantity must Be 10 or more", then 20 and 30 pieces) on
    // a product bought by the piece.
    expect(atTen.filter((p) => p.packSize === 1).length).toBeGreaterThan(0);
    expect(seedProducts.some((p) => p.packSize === 36 && p.moq === 36)).toBe(true);
  });
});

describe('configuration', () => {
  it('names the variable that is wrong in one line', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ ADMIN_EMAILS: 'a@b.test, nope' })).toThrow(/ADMIN_EMAILS/);
  });

  it('holds an order awaiting approval for APPROVAL_HOLD_HOURS: 72 by default, more than 0, at most 720', () => {
    expect(parseConfig({}).orders.approvalHoldHours).toBe(72);
    expect(parseConfig({ APPROVAL_HOLD_HOURS: '1.5' }).orders.approvalHoldHours).toBe(1.5);
    expect(() => parseConfig({ APPROVAL_HOLD_HOURS: '0' })).toThrow(
      /^Invalid configuration: APPROVAL_HOLD_HOURS /,
    );
    expect(() => parseConfig({ APPROVAL_HOLD_HOURS: '721' })).toThrow(/APPROVAL_HOLD_HOURS/);
  });

  it('seeds demo data by default only on the embedded database', () => {
    expect(parseConfig({}).seedDemo).toBe(true);
    expect(parseConfig({ DATABASE_URL: 'postgres://localhost/x' }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://localhost/x', SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    );
  });
});
