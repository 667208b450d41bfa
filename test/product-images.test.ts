import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductImage, ProductImageList } from '../src/contract/product-images.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { imageForm, multipartForm, testImage } from './support/images.ts';
import { inject, refusalOf } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// Product images (issue 33): an admin uploads JPEG, PNG or WebP; the shop makes 160 to 1280
// wide in WebP and JPEG once, serves them from /media/ for ever, and the product's picture is
// its first image. What is not an image, however it is named, is refused with a reason.

const ADMIN = 'images-admin@example.com';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let rita: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
  rita = await signUp(ctx.app, { name: 'Rita Rim' });
});
afterAll(() => ctx.app.close());

function upload(productId: string, form: ReturnType<typeof imageForm>, as: Account | null = admin) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/tools/${productId}/images`,
    payload: form.payload,
    headers: {
      origin: 'http://localhost:3000',
      ...(as ? { cookie: as.cookie } : {}),
      ...form.headers,
    },
  });
}

async function uploaded(
  productId: string,
  bytes: Buffer,
  filename = 'part.jpg',
  type = 'image/jpeg',
) {
  const res = await upload(productId, imageForm(bytes, filename, type));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProductImage>();
}

const picture = async (id: string) =>
  (await inject(ctx.app, 'GET /api/tools/:id', { params: { id } })).json().img;
const media = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: path, headers });
const list = async (id: string) =>
  (
    await inject(ctx.app, 'GET /api/tools/:id/images', { params: { id }, as: admin })
  ).json<ProductImageList>().data;

describe('Uploading a product image', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'a.jpg'],
    ['png', 'image/png', 'a.png'],
    ['webp', 'image/webp', 'a.webp'],
  ] as const)(
    'takes a %s and answers 201 with its id, URL, size and position',
    async (format, type, name) => {
      const { id } = await insertProduct(ctx.db);
      const image = await uploaded(id, await testImage(format, 900, 600), name, type);
      expect(image).toEqual({
        _id: expect.any(String),
        url: `/media/${image._id}-640.webp`,
        width: 900,
        height: 600,
        position: 0,
      });
    },
  );

  it('serves every width in WebP and JPEG, never wider than the original, without its metadata', async () => {
    const { id } = await insertProduct(ctx.db);
    const image = await uploaded(id, await testImage('jpeg', 900, 600));
    for (const width of [160, 320, 640, 1280]) {
      for (const format of ['webp', 'jpg'] as const) {
        const res = await media(`/media/${image._id}-${width}.${format}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(format === 'webp' ? 'image/webp' : 'image/jpeg');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe(format === 'webp' ? 'webp' : 'jpeg');
        expect(meta.width).toBe(Math.min(width, 900));
        expect(meta.exif).toBeUndefined();
      }
    }
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const { id } = await insertProduct(ctx.db);
    // Stored 600 × 400 but marked "turned a quarter" (6): it is 400 wide, 600 high.
    const image = await uploaded(id, await testImage('jpeg', 600, 400, { orientation: 6 }));
    expect([image.width, image.height]).toEqual([400, 600]);
    const res = await media(`/media/${image._id}-1280.jpg`);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([400, 600, undefined]);
  });

  it('serves its files with immutable caching and an ETag, and answers 304 when the browser has it', async () => {
    const { id } = await insertProduct(ctx.db);
    const image = await uploaded(id, await testImage('png', 300, 200), 'p.png', 'image/png');
    const res = await media(`/media/${image._id}-320.webp`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await media(`/media/${image._id}-320.webp`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await media(`/media/${image._id}-320.webp`, { 'if-none-match': '"other"' });
    expect(other.statusCode).toBe(200);
  });

  it('answers 404 for an unknown image or a width it is not made in', async () => {
    const { id } = await insertProduct(ctx.db);
    const image = await uploaded(id, await testImage('webp', 300, 200), 'w.webp', 'image/webp');
    expect((await media(`/media/${randomUUID()}-640.webp`)).statusCode).toBe(404);
    expect((await media(`/media/${image._id}-500.webp`)).statusCode).toBe(404);
    expect((await media(`/media/${image._id}-640.png`)).statusCode).toBe(404);
    expect((await media(`/media/${image._id}-640.webp`, { 'if-none-match': '*' })).statusCode).toBe(
      304,
    );
    expect(
      (await media(`/media/${randomUUID()}-640.webp`, { 'if-none-match': '"x"' })).statusCode,
    ).toBe(404);
  });

  it('is refused to a customer and to a visitor', async () => {
    const { id } = await insertProduct(ctx.db);
    const form = imageForm(await testImage('jpeg', 100, 100));
    expect((await upload(id, form, rita)).statusCode).toBe(403);
    expect((await upload(id, form, null)).statusCode).toBe(401);
    expect(await list(id)).toEqual([]);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await upload(randomUUID(), imageForm(await testImage('jpeg', 100, 100)));
    expect(res.statusCode).toBe(404);
  });
});

describe("The product's picture", () => {
  it('becomes the first image, follows a reorder, and goes back to the old link when the last is removed', async () => {
    const { id } = await insertProduct(ctx.db, { imageUrl: 'https://cdn.example.com/whip.jpg' });
    const first = await uploaded(id, await testImage('jpeg', 400, 300));
    expect(await picture(id)).toBe(`/media/${first._id}-640.webp`);
    const second = await uploaded(id, await testImage('png', 400, 300), 'b.png', 'image/png');
    expect(second.position).toBe(1);
    expect(await picture(id)).toBe(`/media/${first._id}-640.webp`);

    const order = await inject(ctx.app, 'PUT /api/tools/:id/images/order', {
      params: { id },
      body: { imageIds: [second._id, first._id] },
      as: admin,
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().data.map((i) => [i._id, i.position])).toEqual([
      [second._id, 0],
      [first._id, 1],
    ]);
    expect(await picture(id)).toBe(`/media/${second._id}-640.webp`);

    const removed = await inject(ctx.app, 'DELETE /api/tools/:id/images/:imageId', {
      params: { id, imageId: second._id },
      as: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await picture(id)).toBe(`/media/${first._id}-640.webp`);
    expect((await list(id)).map((i) => [i._id, i.position])).toEqual([[first._id, 0]]);
    expect((await media(`/media/${second._id}-640.webp`)).statusCode).toBe(404);

    await inject(ctx.app, 'DELETE /api/tools/:id/images/:imageId', {
      params: { id, imageId: first._id },
      as: admin,
    });
    expect(await picture(id)).toBe('https://cdn.example.com/whip.jpg');
  });

  it('keeps an old outside link working while it has no uploads', async () => {
    const { id } = await insertProduct(ctx.db, { imageUrl: 'https://cdn.example.com/old.jpg' });
    expect(await picture(id)).toBe('https://cdn.example.com/old.jpg');
  });

  it('can be saved back through the product form as the /media/ link it is', async () => {
    const { id } = await insertProduct(ctx.db);
    const image = await uploaded(id, await testImage('jpeg', 200, 200));
    const res = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id },
      body: { name: 'Chain whip, long', img: image.url },
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an order that is not exactly the product’s images', async () => {
    const { id } = await insertProduct(ctx.db);
    const a = await uploaded(id, await testImage('jpeg', 100, 100));
    const b = await uploaded(id, await testImage('jpeg', 100, 100));
    const order = (imageIds: string[]) =>
      inject(ctx.app, 'PUT /api/tools/:id/images/order', {
        params: { id },
        body: { imageIds },
        as: admin,
      });
    expect(refusalOf(await order([a._id]), 400)).toBe(
      "imageIds: list each of the product's 2 images once",
    );
    expect(refusalOf(await order([a._id, a._id]), 400)).toBe(
      "imageIds: list each of the product's 2 images once",
    );
    const stranger = randomUUID();
    expect(refusalOf(await order([a._id, stranger]), 400)).toBe(
      `imageIds: ${stranger} is not an image of this product`,
    );
    expect(refusalOf(await order([b._id, a._id, a._id]), 400)).toMatch(/once/);
  });

  it('answers 404 when removing an image of another product', async () => {
    const { id } = await insertProduct(ctx.db);
    const other = await insertProduct(ctx.db);
    const image = await uploaded(other.id, await testImage('jpeg', 100, 100));
    const res = await inject(ctx.app, 'DELETE /api/tools/:id/images/:imageId', {
      params: { id, imageId: image._id },
      as: admin,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('A bad upload', () => {
  const refused = async (form: ReturnType<typeof imageForm>, status = 400) => {
    const { id } = await insertProduct(ctx.db);
    const res = await upload(id, form);
    const message = refusalOf(res, status);
    expect(await list(id)).toEqual([]);
    return message;
  };

  it('is a 400 for an empty file', async () => {
    expect(await refused(imageForm(Buffer.alloc(0)))).toBe('The file is empty');
  });

  it('is a 400 for a text file named .jpg and typed image/jpeg', async () => {
    const text = Buffer.from('These are not the pixels you are looking for.\n');
    expect(await refused(imageForm(text, 'photo.jpg', 'image/jpeg'))).toBe(
      'The file is not an image (JPEG, PNG or WebP)',
    );
  });

  it('is a 400 for an SVG, even though it could be drawn', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    expect(await refused(imageForm(svg, 'logo.png', 'image/png'))).toBe(
      'SVG images are not accepted: use JPEG, PNG or WebP',
    );
  });

  it('is a 400 for another kind of image (a GIF)', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await refused(imageForm(gif, 'a.gif', 'image/gif'))).toBe(
      'A GIF image is not accepted: use JPEG, PNG or WebP',
    );
  });

  it('is a 400 for an image over 50 megapixels (a decompression bomb)', async () => {
    // 8,000 × 7,000 of one colour is a small PNG that would decode to 168 MB.
    const bomb = await sharp({
      create: { width: 8000, height: 7000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refused(imageForm(bomb, 'a.png', 'image/png'))).toBe(
      'The image is 8000 × 7000 pixels, over 50 megapixels: make it smaller first',
    );
  });

  it('is a 400 for a damaged image whose header reads', async () => {
    const whole = await testImage('jpeg', 400, 300);
    const cut = whole.subarray(0, Math.floor(whole.length / 3));
    expect(await refused(imageForm(cut))).toBe('The image is damaged and cannot be read');
  });

  it('is a 413 for a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    expect(await refused(imageForm(big), 413)).toBe('The file is over 10 MB');
  });

  it('is a 400 with two files, or none, or JSON instead of a form', async () => {
    const png = await testImage('png', 20, 20);
    const two = multipartForm({}, [
      { field: 'file', filename: 'a.png', type: 'image/png', bytes: png },
      { field: 'file', filename: 'b.png', type: 'image/png', bytes: png },
    ]);
    expect(await refused(two)).toBe('Send at most 1 file in the form');
    expect(await refused(multipartForm({ note: 'hi' }, []))).toMatch(/^file: /);
    const json = {
      payload: Buffer.from('{"file":"x"}'),
      headers: { 'content-type': 'application/json' },
    };
    expect(await refused(json)).toBe('Send the file as a multipart form (multipart/form-data)');
  });

  it('accepts a PNG named .jpg and typed image/jpeg, and stores it as a PNG', async () => {
    const { id } = await insertProduct(ctx.db);
    const image = await uploaded(id, await testImage('png', 120, 80), 'photo.jpg', 'image/jpeg');
    expect([image.width, image.height]).toEqual([120, 80]);
    const row = await ctx.db.query.productImages.findFirst({
      where: (t, { eq }) => eq(t.id, image._id),
    });
    expect(row?.originalFormat).toBe('png');
  });
});

describe('The OpenAPI document', () => {
  it('describes the upload as a multipart form with a binary file, and its 413', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: object }>>;
    }>();
    const post = doc.paths['/api/tools/{id}/images']?.post;
    expect(post?.requestBody).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: { properties: { file: { type: 'string', format: 'binary' } } },
        },
      },
    });
    expect(Object.keys(post?.responses ?? {})).toContain('413');
  });
});

describe('Other routes', () => {
  it('still refuse a multipart form', async () => {
    const form = imageForm(await testImage('png', 20, 20));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tools',
      payload: form.payload,
      headers: { origin: 'http://localhost:3000', cookie: admin.cookie, ...form.headers },
    });
    expect(res.statusCode).toBe(415);
  });
});
