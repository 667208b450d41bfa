import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { orders, products } from '../src/server/db/schema.ts';
import { ORIGIN, signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { freshDatabase, testConfig, testDatabaseKind } from './support/test-app.ts';

describe('two server processes on one PostgreSQL', () => {
  it.runIf(testDatabaseKind === 'postgres')(
    'share sessions and never oversell: 1,000 orders of 10 split across both against stock 5,000',
    async () => {
      const database = await freshDatabase();
      const env = { BETTER_AUTH_SECRET: 'two-servers-share-this-secret-0123456789' };
      const first = await buildApp(testConfig(env), { database });
      const second = await buildApp(testConfig(env), {
        database: openPostgres(database.url!, 5),
      });
      try {
        const alice = await signUp(first);
        const product = await insertProduct(database.db, { stock: 5000 });
        const place = (app: typeof first) =>
          app.inject({
            method: 'POST',
            url: '/api/orders',
            headers: { origin: ORIGIN, cookie: alice.cookie },
            payload: { productId: product.id, quantity: 10, email: alice.email },
          });
        const results = await Promise.all(
          Array.from({ length: 1000 }, (_, i) => place(i % 2 === 0 ? first : second)),
        );
        const created = results.filter((r) => r.statusCode === 201);
        expect(created).toHaveLength(500);
        expect(results.filter((r) => r.statusCode === 409)).toHaveLength(500);
        // Both servers took orders, so the session made on one was valid on the other.
        expect(new Set(created.map((r) => results.indexOf(r) % 2)).size).toBe(2);
        const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
        expect(row?.stock).toBe(0);
        const placed = await database.db
          .select()
          .from(orders)
          .where(eq(orders.productId, product.id));
        expect(placed).toHaveLength(500);
      } finally {
        await second.close();
        await first.close();
      }
    },
    180_000,
  );
});
