import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_HOSTS, PHOTO_LINK_RULE } from '../../src/contract/photo-link.ts';
import { users } from '../../src/server/db/schema.ts';
import { ORIGIN, signUp, type Account } from '../support/auth.ts';
import { insertProduct, insertReview } from '../support/fixtures.ts';
import { productPath } from '../../src/contract/product-path.ts';
import { makeTestApp, testDatabaseKind } from '../support/test-app.ts';

// Reviews carry the reviewer's profile photo onto the cached public home page, which every
// visitor loads (issue 19, item 8): a photo on any https host was a stranger's tracking pixel.
// Photos are the shop's own paths or the social providers' avatar hosts, and the CSP says so.

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<!--page-head--><title>ECParts</title><!--/page-head--></head>
<body><div id="root"></div></body></html>`;

const ADMIN = 'photo-admin@example.com';
const TRACKER = 'https://tracker.example/pixel.gif?visitor=1';
const GOOGLE_PHOTO = 'https://lh3.googleusercontent.com/a/ACg8ocKphoto=s96-c';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-photo-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  ctx = await makeTestApp({ WEB_DIST_DIR: dist, ADMIN_EMAILS: ADMIN });
  admin = await signUp(ctx.app, { email: ADMIN, name: 'Pat Admin' });
});
afterAll(() => ctx.app.close());

const send = (
  who: Account | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
  });

const setPhoto = (who: Account, image: string) =>
  send(who, 'PUT', `/api/users/${encodeURIComponent(who.email)}`, { email: who.email, image });

describe('profile photos', () => {
  it('on another host are refused with a 400 that says which are taken', async () => {
    const me = await signUp(ctx.app);
    const res = await setPhoto(me, TRACKER);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: `image: ${PHOTO_LINK_RULE}` });
  });

  it('from Google or GitHub, or of our own, are taken', async () => {
    const me = await signUp(ctx.app);
    for (const image of [
      GOOGLE_PHOTO,
      'https://avatars.githubusercontent.com/u/9919?v=4',
      '/images/avatars/maria-keller.svg',
    ]) {
      const res = await setPhoto(me, image);
      expect(res.statusCode, image).toBe(200);
      expect(res.json().image).toBe(image);
    }
  });

  it('stored on another host before the rule are not on the home page; a Google one is', async () => {
    // A profile that kept its old link writes a review; an old review row holds one too.
    const old = await signUp(ctx.app, { name: 'Olly Oldlink' });
    await ctx.db.update(users).set({ image: TRACKER }).where(eq(users.email, old.email));
    const written = await send(old, 'POST', '/api/review', { desc: 'Sturdy tools.', rating: 5 });
    expect(written.statusCode, written.body).toBe(201);
    await insertReview(ctx.db, { name: 'Legacy Lou', imageUrl: TRACKER });
    const google = await signUp(ctx.app, { name: 'Gina Google' });
    expect((await setPhoto(google, GOOGLE_PHOTO)).statusCode).toBe(200);
    expect(
      (await send(google, 'POST', '/api/review', { desc: 'Quick.', rating: 4 })).statusCode,
    ).toBe(201);
    if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));

    const home = await send(undefined, 'GET', '/');
    expect(home.statusCode).toBe(200);
    for (const name of ['Olly Oldlink', 'Legacy Lou', 'Gina Google'])
      expect(home.body).toContain(name);
    expect(home.body).not.toContain('tracker.example');
    expect(home.body).toContain(GOOGLE_PHOTO);
  });
});

describe('product images', () => {
  it('are an admin’s http(s) link or one of our images; a path out of /images is refused', async () => {
    const product = { name: 'Truing stand', price: 49.5, stock: 10, desc: '' };
    for (const img of ['/images/../api/x.svg', 'javascript:alert(1)', '//cdn.example/x.png']) {
      const res = await send(admin, 'POST', '/api/tools', { ...product, img });
      expect(res.statusCode, img).toBe(400);
      expect(res.json().message, img).toBe(
        'img: Image link must be an http(s) URL or a path to one of our images (/images/… or /media/…)',
      );
    }
    for (const img of ['https://cdn.example/stand.png', '/images/products/spoke-wrench.svg']) {
      const res = await send(admin, 'POST', '/api/tools', { ...product, img });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('a product pictured by an outside link (from before, or its fetch failed)', () => {
  it('is shown as a same-sized placeholder on its page and the home page, never loaded from that host', async () => {
    const outside = 'https://cdn.example/whip.png';
    const part = await insertProduct(ctx.db, { name: 'Outside whip', imageUrl: outside });
    for (const url of [productPath({ _id: part.id, name: part.name }), '/']) {
      const page = await send(undefined, 'GET', url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toMatch(/<img[^>]+src="https:\/\/cdn\.example/);
      if (url !== '/') {
        expect(page.body, url).toMatch(
          /<img[^>]*src="\/images\/picture-pending\.svg"[^>]*width="600"[^>]*height="450"/,
        );
      }
    }
  });
});

describe('the CSP', () => {
  it('lets images come only from the shop, data: and the photo hosts (product images are our own)', async () => {
    for (const url of ['/', '/api/tools']) {
      const csp = String((await send(undefined, 'GET', url)).headers['content-security-policy']);
      const imgSrc = /(?:^|;)\s*img-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
      expect(imgSrc, url).toEqual(["'self'", 'data:', ...PHOTO_HOSTS.map((h) => `https://${h}`)]);
    }
  });
});
