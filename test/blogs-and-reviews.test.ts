import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBlog, insertReview } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.app.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('blogs', () => {
  it('lists posts newest first in a data field', async () => {
    await insertBlog(ctx.db, { title: 'Older', createdAt: new Date(Date.now() - 86_400_000) });
    await insertBlog(ctx.db, { title: 'Newer' });
    const res = await get('/api/blogs');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((b: { title: string }) => b.title)).toEqual(['Newer', 'Older']);
    expect(Object.keys(data[0]).sort()).toEqual(['_id', 'desc', 'img', 'title']);
  });

  it('returns one post, and 404 JSON for unknown or malformed ids', async () => {
    const post = await insertBlog(ctx.db, { title: 'Truing' });
    expect((await get(`/api/blogs/${post.id}`)).json()).toEqual({
      _id: post.id,
      title: 'Truing',
      desc: 'First paragraph.\n\nSecond paragraph.',
      img: '/images/blogs/truing.svg',
    });
    for (const id of ['9b2a3c1e-0000-4000-8000-000000000000', 'nope']) {
      const res = await get(`/api/blogs/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Blog post not found' });
    }
  });
});

describe('reviews', () => {
  it('lists the newest reviews with the spec names, photo null when none', async () => {
    await insertReview(ctx.db, { name: 'First', createdAt: new Date(Date.now() - 3_600_000) });
    await insertReview(ctx.db, { name: 'Second', imageUrl: '/images/avatars/b.svg', rating: 4 });
    const { data } = (await get('/api/reviews')).json();
    expect(data[0]).toEqual({
      _id: expect.any(String),
      name: 'Second',
      desc: 'Great tools, fast delivery.',
      rating: 4,
      img: '/images/avatars/b.svg',
      productId: null,
      productName: null,
    });
    expect(data[1]).toMatchObject({ name: 'First', img: null });
  });

  it('honours a limit and refuses a silly one', async () => {
    expect((await get('/api/reviews?limit=1')).json().data).toHaveLength(1);
    expect((await get('/api/reviews?limit=500')).statusCode).toBe(400);
  });
});
