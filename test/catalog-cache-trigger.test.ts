import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../src/contract/catalog.ts';
import { products } from '../src/server/db/schema.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';

// A product page is served from memory for up to 10 s (src/server/cache/read-cache.ts) unless
// the database reports a change of what it shows (the `product_changed` trigger). A change made
// outside the server, by a script or psql, must show at once, whichever column it touches.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.app.close());

const shown = async (id: string) => (await ctx.app.inject(`/api/tools/${id}`)).json() as Product;

describe('a change made straight in the database', () => {
  it('to the SKU, the minimum, the pack size or the price ladder shows on the product within a second', async () => {
    const product = await insertProduct(ctx.db, {
      name: 'Bottom bracket tool',
      moq: 10,
      packSize: 1,
      tiers: [{ minQuantity: 10, priceCents: 1299 }],
    });
    // PostgreSQL reports the insert a moment after commit; the reads below must be cached ones.
    if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await shown(product.id)).toMatchObject({ moq: 10, packSize: 1 });

    const changes: [Partial<typeof products.$inferInsert>, Partial<Product>][] = [
      [{ sku: 'BBT-44' }, { sku: 'BBT-44' }],
      [{ packSize: 5 }, { packSize: 5 }],
      [{ moq: 20 }, { moq: 20 }],
      [
        {
          tiers: [
            { minQuantity: 20, priceCents: 1299 },
            { minQuantity: 100, priceCents: 999 },
          ],
        },
        {
          tiers: [
            { minQuantity: 20, price: 12.99 },
            { minQuantity: 100, price: 9.99 },
          ],
        },
      ],
    ];
    for (const [set, expected] of changes) {
      // Read (and so cache) the page as it is, then change one column as another program would.
      await shown(product.id);
      await ctx.db.update(products).set(set).where(eq(products.id, product.id));
      await vi.waitFor(async () => expect(await shown(product.id)).toMatchObject(expected), {
        timeout: 1000,
        interval: 50,
      });
    }
  });
});
