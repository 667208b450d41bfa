import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList } from '../src/contract/audit.ts';
import type { ReviewList } from '../src/contract/reviews.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertReview } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let customer: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'moderator@example.com' });
  admin = await signUp(ctx.app, { email: 'moderator@example.com', name: 'Mo Moderator' });
  customer = await signUp(ctx.app, { name: 'Casey Customer' });
});
afterAll(() => ctx.app.close());

const listedNames = async () =>
  (await inject(ctx.app, 'GET /api/reviews', { query: { limit: '50' } }))
    .json<ReviewList>()
    .data.map((r) => r.name);

describe('DELETE /api/reviews/{id}', () => {
  it('lets an admin remove a review, which leaves the list at once', async () => {
    const spam = await insertReview(ctx.db, { name: 'Spam Bot', description: 'Buy cheap 🚲🚲🚲' });
    await insertReview(ctx.db, { name: 'Real Rider' });
    // Read once, so the list is in the read cache when the review goes.
    expect(await listedNames()).toContain('Spam Bot');

    const res = await inject(ctx.app, 'DELETE /api/reviews/:id', {
      params: { id: spam.id },
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, _id: spam.id });
    const after = await listedNames();
    expect(after).not.toContain('Spam Bot');
    expect(after).toContain('Real Rider');
  });

  it('writes who removed which review, and what it said, to the audit trail', async () => {
    const rude = await insertReview(ctx.db, {
      name: 'Rude Rider',
      rating: 1,
      description: 'Terrible 👎🏽 service',
    });
    expect(
      (await inject(ctx.app, 'DELETE /api/reviews/:id', { params: { id: rude.id }, as: admin }))
        .statusCode,
    ).toBe(200);

    const trail = (await inject(ctx.app, 'GET /api/audit', { as: admin })).json<AuditList>().data;
    expect(trail[0]).toMatchObject({
      actorEmail: admin.email,
      action: 'review.delete',
      targetType: 'review',
      targetId: rude.id,
    });
    expect(trail[0]?.summary).toContain('Rude Rider');
    expect(trail[0]?.summary).toContain('Terrible 👎🏽 service');
  });

  it('answers 404 for a review that is not there, or no longer', async () => {
    const gone = await insertReview(ctx.db, { name: 'Twice Deleted' });
    expect(
      (await inject(ctx.app, 'DELETE /api/reviews/:id', { params: { id: gone.id }, as: admin }))
        .statusCode,
    ).toBe(200);
    for (const id of [gone.id, '9b2a3c1e-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await inject(ctx.app, 'DELETE /api/reviews/:id', { params: { id }, as: admin });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toMatchObject({ error: 'not_found' });
    }
  });

  it('refuses visitors and customers, and the review stays', async () => {
    const kept = await insertReview(ctx.db, { name: 'Kept Review' });
    expect(
      (await inject(ctx.app, 'DELETE /api/reviews/:id', { params: { id: kept.id } })).statusCode,
    ).toBe(401);
    expect(
      (await inject(ctx.app, 'DELETE /api/reviews/:id', { params: { id: kept.id }, as: customer }))
        .statusCode,
    ).toBe(403);
    expect(await listedNames()).toContain('Kept Review');
  });
});
