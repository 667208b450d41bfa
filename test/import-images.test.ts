import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportApplyResult, ImportPreview } from '../src/contract/imports.ts';
import { PHOTO_HOSTS } from '../src/contract/photo-link.ts';
import {
  parseMediaPath,
  PICTURE_PENDING,
  shownPicture,
  type ProductImageList,
} from '../src/contract/product-images.ts';
import { buildApp } from '../src/server/app.ts';
import { jobs, products } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { imageForm, testImage } from './support/images.ts';
import { inject } from './support/inject.ts';
import { freshDatabase, makeTestApp, testConfig } from './support/test-app.ts';
import { applyImport, sendImportFile } from './support/import-files.ts';

// An import's image_url (issue 33): the apply job fetches each http(s) link, through the same
// SSRF guard as webhooks, and stores it as an upload is stored, so the product's picture is the
// shop's own /media/ URL. A link that fails is a line error in the job's result, not a failed
// import. Products still pictured by an outside link from before are fetched once at start, and
// the CSP lets no other host's image in.

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;

const ADMIN = 'image-importer@example.com';
const asked = new Map<string, number>();
let files: http.Server;
let base: string;
let shop: Ctx;
let admin: Account;

beforeAll(async () => {
  const png = await testImage('png', 900, 600);
  const jpeg = await testImage('jpeg', 700, 500);
  const answers: Record<string, [number, string, Buffer]> = {
    '/part.png': [200, 'image/png', png],
    '/other.png': [200, 'image/png', png],
    '/old.jpg': [200, 'image/jpeg', jpeg],
    '/notes.png': [200, 'image/png', Buffer.from('not a picture at all')],
    '/drawing.svg': [
      200,
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
    ],
    '/huge.png': [200, 'image/png', Buffer.alloc(11 * 1024 * 1024, 1)],
  };
  files = http.createServer((req, res) => {
    const path = req.url ?? '/';
    asked.set(path, (asked.get(path) ?? 0) + 1);
    const [status, type, body] = answers[path] ?? [404, 'text/plain', Buffer.from('no such file')];
    res.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-import-images-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--page-head--><title>ECParts</title><!--/page-head--></head><body><div id="root"></div></body></html>',
  );
  shop = await makeTestApp({
    WEB_DIST_DIR: dist,
    ADMIN_EMAILS: ADMIN,
    MEDIA_FETCH_ALLOW_PRIVATE: '1',
    JOB_RETRY_DELAY_SECONDS: '1',
  });
  admin = await signUp(shop.app, { name: 'Ima Porter', email: ADMIN });
});
afterAll(async () => {
  await shop.app.close();
  await new Promise((resolve) => files.close(resolve));
});

async function preview(ctx: Ctx, as: Account, lines: string[]) {
  const file = ['sku,name,price,image_url', ...lines].join('\n');
  const res = await sendImportFile(ctx.app, as, { kind: 'products' }, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportPreview>();
}

const applied = (ctx: Ctx, as: Account, importId: string) => applyImport(ctx.app, as, importId);

const product = async (ctx: Ctx, sku: string) =>
  (await ctx.db.select().from(products).where(eq(products.sku, sku)))[0]!;
const imagesOf = async (id: string) =>
  (
    await inject(shop.app, 'GET /api/tools/:id/images', { params: { id }, as: admin })
  ).json<ProductImageList>().data;

describe('an import with image links', () => {
  it('stores each link’s image as the product’s picture, served from /media/, and lists the links that failed', async () => {
    const checked = await preview(shop, admin, [
      `IMG-1,Chain whip,12.00,${base}/part.png`,
      `IMG-2,Lockring tool,9.00,${base}/missing.png`,
      `IMG-3,Spoke key,4.00,${base}/notes.png`,
      `IMG-4,Pedal wrench,19.00,${base}/huge.png`,
      `IMG-5,Cable cutter,24.00,${base}/drawing.svg`,
    ]);
    expect(checked).toMatchObject({ status: 'valid', creates: 5 });
    const job = await applied(shop, admin, checked._id);
    expect(job.status, job.error ?? '').toBe('done');
    // Five lines and five links: the bar is full only once every link was tried.
    expect(job.progress).toEqual({ done: 10, total: 10 });
    const result = job.result as ImportApplyResult;
    expect(result.images).toEqual({ wanted: 5, stored: 1, failed: 4 });
    expect(result.imageErrors).toEqual([
      { line: 3, column: 'image_url', message: 'The image link answered 404, not an image' },
      { line: 4, column: 'image_url', message: 'The file is not an image (JPEG, PNG or WebP)' },
      { line: 5, column: 'image_url', message: 'The answer is over 10 MB' },
      {
        line: 6,
        column: 'image_url',
        message: 'SVG images are not accepted: use JPEG, PNG or WebP',
      },
    ]);

    // The Import page says so under its progress bar, line by line.
    const page = await shop.app.inject({
      url: `/dashboard/imports?import=${checked._id}`,
      headers: { cookie: admin.cookie },
    });
    const text = page.body.replaceAll('<!-- -->', '');
    expect(text).toContain('1 of 5 image links stored as the products’ pictures.');
    expect(text).toMatch(/>3<\/th><td[^>]*>image_url<\/td><td[^>]*>The image link answered 404/);

    const whip = await product(shop, 'IMG-1');
    expect(parseMediaPath(whip.imageUrl)).toMatchObject({ width: 640, format: 'webp' });
    const served = await shop.app.inject(whip.imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await imagesOf(whip.id)).toMatchObject([{ width: 900, height: 600, position: 0 }]);

    // The parts whose link failed are there all the same; their link is never shown.
    const tool = await product(shop, 'IMG-2');
    expect(tool.imageUrl).toBe(`${base}/missing.png`);
    expect(shownPicture(tool.imageUrl)).toBe(PICTURE_PENDING);
    expect(await imagesOf(tool.id)).toEqual([]);
  });

  it('fetches a link once: importing it again changes nothing and stores no second image', async () => {
    const fetched = asked.get('/part.png');
    expect(fetched).toBe(1);
    const again = await preview(shop, admin, [`IMG-1,Chain whip,12.00,${base}/part.png`]);
    expect(again).toMatchObject({ status: 'valid', creates: 0, updates: 0, unchanged: 1 });

    // A line that changes the name with the same link: applied, the link not fetched again.
    const renamed = await preview(shop, admin, [`IMG-1,Chain whip pro,12.00,${base}/part.png`]);
    expect(renamed).toMatchObject({ updates: 1 });
    const job = await applied(shop, admin, renamed._id);
    expect(job.result).toMatchObject({ images: { wanted: 0, failed: 0 }, imageErrors: [] });
    const whip = await product(shop, 'IMG-1');
    expect(whip.name).toBe('Chain whip pro');
    expect(await imagesOf(whip.id)).toHaveLength(1);
    expect(asked.get('/part.png')).toBe(fetched);
  });

  it('makes a new link the picture of a product with uploaded images, and a link it holds first again without fetching it', async () => {
    const { id, sku } = await insertProduct(shop.db, { name: 'Hub tool' });
    const upload = imageForm(await testImage('jpeg', 400, 300), 'hub.jpg', 'image/jpeg');
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/tools/${id}/images`,
      payload: upload.payload,
      headers: { ...upload.headers, cookie: admin.cookie, origin: 'http://localhost:3000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json<{ _id: string; url: string }>();

    const first = await preview(shop, admin, [`${sku},,,${base}/other.png`]);
    expect(first).toMatchObject({ updates: 1 });
    expect((await applied(shop, admin, first._id)).result).toMatchObject({
      images: { wanted: 1, stored: 1, failed: 0 },
    });
    const [lead, second] = await imagesOf(id);
    expect(second?._id).toBe(uploaded._id);
    expect((await product(shop, sku)).imageUrl).toBe(lead!.url);

    // The upload put first again by hand, then the same link imported: it leads once more.
    await inject(shop.app, 'PUT /api/tools/:id/images/order', {
      params: { id },
      body: { imageIds: [uploaded._id, lead!._id] },
      as: admin,
    });
    const fetched = asked.get('/other.png');
    const back = await preview(shop, admin, [`${sku},,,${base}/other.png`]);
    expect(back).toMatchObject({ updates: 1 });
    await applied(shop, admin, back._id);
    expect((await imagesOf(id)).map((i) => i._id)).toEqual([lead!._id, uploaded._id]);
    expect((await product(shop, sku)).imageUrl).toBe(lead!.url);
    expect(asked.get('/other.png')).toBe(fetched);
  });
});

describe('a shop without MEDIA_FETCH_ALLOW_PRIVATE', () => {
  it('refuses a loopback link as a line error, and the import is still applied', async () => {
    const strict = await makeTestApp({ ADMIN_EMAILS: ADMIN });
    try {
      const owner = await signUp(strict.app, { name: 'Ima Porter', email: ADMIN });
      const before = asked.get('/old.jpg') ?? 0;
      const checked = await preview(strict, owner, [`LOOP-1,Tyre lever,3.00,${base}/old.jpg`]);
      const job = await applied(strict, owner, checked._id);
      expect(job.status).toBe('done');
      expect(job.result).toMatchObject({
        applied: 1,
        images: { wanted: 1, stored: 0, failed: 1 },
        imageErrors: [
          {
            line: 2,
            column: 'image_url',
            message:
              'The host 127.0.0.1 is a private or local address (127.0.0.1), which is not fetched',
          },
        ],
      });
      expect((await product(strict, 'LOOP-1')).name).toBe('Tyre lever');
      expect(asked.get('/old.jpg') ?? 0).toBe(before);
    } finally {
      await strict.app.close();
    }
  });
});

describe('at start', () => {
  it('fetches and stores a product’s outside picture from before, once', async () => {
    const database = await freshDatabase({ migrated: true });
    const old = await insertProduct(database.db, { imageUrl: `${base}/old.jpg` });
    const app = await buildApp(testConfig({ MEDIA_FETCH_ALLOW_PRIVATE: '1' }), { database });
    try {
      let img = old.imageUrl;
      for (let i = 0; i < 300 && !parseMediaPath(img); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        img = (await app.inject(`/api/tools/${old.id}`)).json<{ img: string }>().img;
      }
      expect(parseMediaPath(img)).toMatchObject({ width: 640 });
      expect((await app.inject(img)).statusCode).toBe(200);
      expect(asked.get('/old.jpg')).toBe(1);
      const [job] = await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.kind, 'fetch-outside-pictures'));
      await expect
        .poll(async () => (await database.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0])
        .toMatchObject({ status: 'done', result: { wanted: 1, stored: 1, failed: 0 } });
    } finally {
      await app.close();
    }
  });
});

describe('the CSP', () => {
  it('lets images come only from the shop, data: and the social sign-ins’ photo hosts', async () => {
    const csp = String((await shop.app.inject('/api/tools')).headers['content-security-policy']);
    const imgSrc = /(?:^|;)\s*img-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
    expect(imgSrc).toEqual(["'self'", 'data:', ...PHOTO_HOSTS.map((h) => `https://${h}`)]);
  });
});
