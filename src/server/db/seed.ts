import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appMeta, blogs, products, reviews } from './schema.ts';
import { seedBlogs, seedProducts, seedReviews } from './seed-data.ts';

const SEED_KEY = 'demo_seed';

/**
 * Seeds the demo catalogue once per database. The marker row makes it idempotent: a restart
 * never duplicates rows, and what users changed or deleted afterwards stays as they left it.
 * Returns whether anything was written.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    // Spread creation times so "newest first" lists have a stable, meaningful order.
    const at = (i: number) => sql`now() - make_interval(mins => ${i})`;
    await tx.insert(products).values(
      seedProducts.map((p, i) => ({
        sku: p.sku,
        name: p.name,
        description: p.description,
        priceCents: p.priceCents,
        moq: p.moq,
        packSize: p.packSize,
        tiers: p.tiers,
        stock: p.stock,
        imageUrl: p.image,
        createdAt: at(i),
      })),
    );
    await tx.insert(blogs).values(
      seedBlogs.map((b, i) => ({
        title: b.title,
        description: b.description,
        imageUrl: b.image,
        createdAt: at(i),
      })),
    );
    await tx.insert(reviews).values(
      seedReviews.map((r, i) => ({
        name: r.name,
        description: r.description,
        rating: r.rating,
        imageUrl: r.image,
        createdAt: at(i),
      })),
    );
    return true;
  });
}
