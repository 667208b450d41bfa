import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductReviews, Review, ReviewList } from '../src/contract/reviews.ts';
import { appMeta, products, reviews } from '../src/server/db/schema.ts';
import { seedReviews } from '../src/server/db/seed-content.ts';
import { seedDemoData } from '../src/server/db/seed.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct, insertReview } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let ana: Account;
let ben: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'catalogue@example.com' });
  admin = await signUp(ctx.app, { email: 'catalogue@example.com', name: 'Cat Admin' });
  ana = await signUp(ctx.app, { name: 'Ana Ruiz' });
  ben = await signUp(ctx.app, { name: 'Ben Okoro' });
});
afterAll(() => ctx.app.close());

const reviewsOf = async (productId: string) => {
  const res = await inject(ctx.app, 'GET /api/tools/:id/reviews', { params: { id: productId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductReviews>();
};

const review = async (who: Account, body: object) => {
  const res = await inject(ctx.app, 'POST /api/review', { payload: body, as: who });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Review>();
};

const newestReviews = async () =>
  (await inject(ctx.app, 'GET /api/reviews', { query: { limit: '50' } })).json<ReviewList>().data;

describe("a product's reviews", () => {
  it('shows a review naming the product on its page, newest first, with count and average', async () => {
    const whip = await insertProduct(ctx.db, { name: 'Chain whip' });
    const levers = await insertProduct(ctx.db, { name: 'Tyre levers' });
    // Read before the reviews arrive, so the empty answer sits in the read cache.
    expect(await reviewsOf(whip.id)).toEqual({ data: [], count: 0, average: null });

    const first = await review(ana, {
      desc: 'Grips the cassette well.',
      rating: 5,
      productId: whip.id,
    });
    expect(first).toMatchObject({ name: 'Ana Ruiz', rating: 5, productId: whip.id });
    const second = await review(ben, {
      desc: 'Handle a bit short.',
      rating: 4,
      productId: whip.id,
    });
    const ofTheShop = await review(ben, { desc: 'Fast delivery.', rating: 3 });
    expect(ofTheShop.productId).toBeNull();

    const page = await reviewsOf(whip.id);
    expect(page.count).toBe(2);
    expect(page.average).toBe(4.5);
    expect(page.data.map((r) => r._id)).toEqual([second._id, first._id]);
    expect(page.data[1]).toEqual({
      _id: first._id,
      name: 'Ana Ruiz',
      desc: 'Grips the cassette well.',
      rating: 5,
      img: null,
      productId: whip.id,
      // Named only in GET /reviews, where reviews of many products are listed together.
      productName: null,
    });
    expect(await reviewsOf(levers.id)).toEqual({ data: [], count: 0, average: null });

    // The home page's list still has every review, each saying what it is about.
    const newest = await newestReviews();
    expect(newest.find((r) => r._id === first._id)?.productId).toBe(whip.id);
    expect(newest.find((r) => r._id === ofTheShop._id)?.productId).toBeNull();
  });

  it('averages every review to one decimal and lists only as many as asked', async () => {
    const pump = await insertProduct(ctx.db, { name: 'Track pump' });
    for (const rating of [5, 4, 4]) await insertReview(ctx.db, { rating, productId: pump.id });

    const page = await reviewsOf(pump.id);
    expect(page).toMatchObject({ count: 3, average: 4.3 });
    const limited = (
      await inject(ctx.app, 'GET /api/tools/:id/reviews', {
        params: { id: pump.id },
        query: { limit: '1' },
      })
    ).json();
    expect(limited).toMatchObject({ count: 3, average: 4.3 });
    expect(limited.data).toHaveLength(1);
    expect(
      (
        await inject(ctx.app, 'GET /api/tools/:id/reviews', {
          params: { id: pump.id },
          query: { limit: '500' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers 404 for the reviews of a product that does not exist', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await inject(ctx.app, 'GET /api/tools/:id/reviews', { params: { id } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Product not found' });
    }
  });

  it('refuses a review of a product that is not in the catalogue, and stores nothing', async () => {
    for (const productId of [randomUUID(), 'chain-whip']) {
      const res = await inject(ctx.app, 'POST /api/review', {
        body: {
          desc: `About ${productId}`,
          rating: 4,
          productId,
        },
        as: ana,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'bad_request',
        message: 'That product is not in our catalogue: choose one from the list',
      });
    }
    const descriptions = (await newestReviews()).map((r) => r.desc);
    expect(descriptions.filter((d) => d.startsWith('About '))).toEqual([]);
  });

  it('keeps the reviews of a deleted product, as reviews of the shop', async () => {
    const cutter = await insertProduct(ctx.db, { name: 'Cable cutter' });
    const kept = await review(ana, { desc: 'Clean cuts.', rating: 5, productId: cutter.id });
    // Both lists are cached when the product goes.
    expect((await reviewsOf(cutter.id)).count).toBe(1);
    expect((await newestReviews()).find((r) => r._id === kept._id)?.productId).toBe(cutter.id);

    const removed = await inject(ctx.app, 'DELETE /api/tool/:id', {
      params: { id: cutter.id },
      as: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    expect(
      (await inject(ctx.app, 'GET /api/tools/:id/reviews', { params: { id: cutter.id } }))
        .statusCode,
    ).toBe(404);
    const after = (await newestReviews()).find((r) => r._id === kept._id);
    expect(after).toMatchObject({ desc: 'Clean cuts.', rating: 5, productId: null });
  });
});

describe('the demo shop', () => {
  const productIdOf = async (sku: string) =>
    (await ctx.db.select().from(products).where(eq(products.sku, sku)))[0]!.id;

  it('has product pages with reviews, one of them with several', async () => {
    expect(await seedDemoData(ctx.db)).toBe(true);
    const checker = await reviewsOf(await productIdOf('ECP-CWC-01'));
    expect(checker).toMatchObject({ count: 2, average: 4.5 });
    expect((await reviewsOf(await productIdOf('ECP-TW24-01'))).data[0]?.name).toBe('James Okafor');
    // Some demo reviews stay reviews of the shop.
    expect((await newestReviews()).some((r) => r.name === 'Maria Keller' && !r.productId)).toBe(
      true,
    );
  });

  it('links the demo reviews of a database seeded before products had reviews, once', async () => {
    const tom = seedReviews.find((r) => r.key === 'tom-harris')!;
    // As a database seeded by an earlier version looks, with a customer's review that happens
    // to read like a demo one.
    await ctx.db.update(reviews).set({ productId: null });
    await ctx.db.delete(appMeta).where(eq(appMeta.key, 'demo_review_products'));
    const customers = await insertReview(ctx.db, {
      userId: 'someone',
      name: tom.name,
      description: tom.description,
    });

    expect(await seedDemoData(ctx.db)).toBe(false);
    const whip = await productIdOf('ECP-PCW-01');
    const whipReviews = await reviewsOf(whip);
    expect(whipReviews.data.map((r) => r.name)).toEqual(['Tom Harris']);
    expect(whipReviews.data[0]?._id).not.toBe(customers.id);

    // Once: links someone removed since are not put back.
    await ctx.db.update(reviews).set({ productId: null }).where(eq(reviews.productId, whip));
    await seedDemoData(ctx.db);
    // Another limit: an answer of its own, not the one cached a moment ago.
    const again = await inject(ctx.app, 'GET /api/tools/:id/reviews', {
      params: { id: whip },
      query: { limit: '5' },
    });
    expect(again.json<ProductReviews>().count).toBe(0);
  });
});
