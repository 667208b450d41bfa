import type { Db } from '../../src/server/db/client.ts';
import { blogs, products, reviews } from '../../src/server/db/schema.ts';

export async function insertProduct(db: Db, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({
      name: 'Chain whip',
      description: 'Holds the cassette while the lockring is undone.',
      priceCents: 1299,
      stock: 120,
      imageUrl: '/images/products/chain-whip.svg',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertBlog(db: Db, overrides: Partial<typeof blogs.$inferInsert> = {}) {
  const [row] = await db
    .insert(blogs)
    .values({
      title: 'Truing a wheel',
      description: 'First paragraph.\n\nSecond paragraph.',
      imageUrl: '/images/blogs/truing.svg',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertReview(db: Db, overrides: Partial<typeof reviews.$inferInsert> = {}) {
  const [row] = await db
    .insert(reviews)
    .values({
      name: 'Ana Ruiz',
      description: 'Great tools, fast delivery.',
      rating: 5,
      ...overrides,
    })
    .returning();
  return row!;
}
