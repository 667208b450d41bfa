import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_LINK_RULE } from '../src/contract/photo-link.ts';
import { users } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertReview } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject, injectAuth } from './support/inject.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.app.close());

const sessionName = async (who: Account) =>
  (await injectAuth(ctx.app, 'GET /api/auth/get-session', { as: who })).json<{
    user: { name: string };
  }>().user.name;

const ownRecord = (who: Account, changes: object) =>
  inject(ctx.app, 'PUT /api/users/:email', {
    params: { email: who.email },
    body: { email: who.email, ...changes },
    as: who,
  });

const review = async (who: Account) => {
  const res = await inject(ctx.app, 'POST /api/review', {
    body: { desc: 'Solid chain whip.', rating: 5 },
    as: who,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ name: string; img: string | null }>();
};

// Right-to-left override, pop, isolates, marks: each reorders the text printed after it.
const RLO = '\u202E';
const PDF = '\u202C';
const controls = '\u202A\u202B\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061C';

describe('names lose their bidirectional control characters', () => {
  it('on sign-up, and the review then carries the clean name', async () => {
    const me = await signUp(ctx.app, { name: `Ada ${RLO}gnp.exe${PDF} Lovelace` });
    expect(await sessionName(me)).toBe('Ada gnp.exe Lovelace');
    expect((await review(me)).name).toBe('Ada gnp.exe Lovelace');
  });

  it('when changed through PUT /users/{email}', async () => {
    const me = await signUp(ctx.app, { name: 'Plain Name' });
    // Better Auth's own /update-user is not served (src/server/auth/served-routes.ts).
    const updated = await injectAuth(ctx.app, 'POST /api/auth/update-user', {
      body: { name: `Bo${controls}b Builder` },
      as: me,
    });
    expect(updated.statusCode, updated.body).toBe(404);

    const upsert = await ownRecord(me, { name: `${RLO}Carol${PDF} Cyclist` });
    expect(upsert.statusCode, upsert.body).toBe(200);
    expect(upsert.json()).toMatchObject({ name: 'Carol Cyclist' });
    expect(await sessionName(me)).toBe('Carol Cyclist');
  });

  it('and a name made of nothing else is no name at all', async () => {
    const me = await signUp(ctx.app, { name: 'Dee Dee' });
    const res = await ownRecord(me, { name: ` ${RLO}${controls} ` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Please enter your name/);
    expect(await sessionName(me)).toBe('Dee Dee');
  });
});

describe('profile and review photos are our own paths or social profile photos', () => {
  it('refuses other hosts, http, protocol-relative and other-host-in-disguise links for a profile', async () => {
    const me = await signUp(ctx.app);
    for (const image of [
      'https://photos.example/me.png',
      'https://tracker.example/pixel.gif?who=me',
      'https://lh3.googleusercontent.com.evil.example/a.png',
      'https://lh3.googleusercontent.com:8443/a.png',
      'https://user@avatars.githubusercontent.com/u/1',
      'http://avatars.githubusercontent.com/u/1',
      'http://photos.example/me.png',
      '//photos.example/me.png',
      '/\\photos.example/me.png',
      'javascript:alert(1)',
      'https:/photos.example',
    ]) {
      const res = await ownRecord(me, { image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json(), image).toEqual({
        error: 'bad_request',
        message: `image: ${PHOTO_LINK_RULE}`,
      });
    }
    // Sign-up takes a photo too.
    const viaSignUp = await injectAuth(ctx.app, 'POST /api/auth/sign-up/email', {
      body: {
        name: 'Pixel Pete',
        email: `pixel-${Date.now()}@example.com`,
        password: 'correct-horse-9',
        image: 'https://tracker.example/pixel.gif',
      },
    });
    expect(viaSignUp.statusCode).toBe(400);
    expect(viaSignUp.json().message).toBe(PHOTO_LINK_RULE);
  });

  it('accepts a Google, GitHub or Facebook photo or one of ours, and a review shows it', async () => {
    const me = await signUp(ctx.app);
    for (const image of [
      'https://lh3.googleusercontent.com/a/ACg8ocK-photo=s96-c',
      'https://avatars.githubusercontent.com/u/583231?v=4',
      'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=1&height=100',
    ]) {
      expect((await ownRecord(me, { image })).statusCode, image).toBe(200);
      expect((await review(me)).img).toBe(image);
    }
    expect((await ownRecord(me, { image: '/images/avatars/a.svg' })).statusCode).toBe(200);
    expect((await review(me)).img).toBe('/images/avatars/a.svg');
  });

  it('leaves out a photo stored before the rule instead of failing the review', async () => {
    const me = await signUp(ctx.app, { name: 'Old Photo' });
    await ctx.db
      .update(users)
      .set({ image: 'https://photos.example/old.png' })
      .where(eq(users.email, me.email));
    const added = await review(me);
    expect(added).toMatchObject({ name: 'Old Photo', img: null });

    await insertReview(ctx.db, { name: 'Legacy Row', imageUrl: 'http://photos.example/x.png' });
    const list = await inject(ctx.app, 'GET /api/reviews');
    expect(list.statusCode, list.body).toBe(200);
    const shown = list.json<{ data: { name: string; img: string | null }[] }>().data;
    expect(shown.find((r) => r.name === 'Legacy Row')).toMatchObject({ img: null });
  });
});
