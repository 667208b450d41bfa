// Product images kept in the database (issue 33): does `npm start` stay within its memory
// budget with 2,000 uploaded images while it serves them?
//
//   BENCH_DATABASE_URL=postgres://dev:dev@127.0.0.1:5432/dev npx tsx bench/images.ts
//
// On each database: `npm start` from a fresh DATA_DIR writes the demo catalogue and stops, and
// starts once more for the RSS without images (the baseline); the bench then stores BENCH_IMAGES (2,000) images straight into that database, each with its
// eight renditions as an upload makes them (from a few photo-like sources, so their sizes are
// a real upload's), spread over the demo products, whose pictures become their first images.
// `npm start` again: its RSS after start, then BENCH_MEDIA_REQUESTS (600) /media/ requests of
// random images, widths and formats, 8 at a time, sampled for the peak, and once more after.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildServer } from '../scripts/build-server.ts';
import { MEDIA_FORMATS, MEDIA_WIDTHS, mediaPath } from '../src/contract/product-images.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { imageRenditions, productImages, products } from '../src/server/db/schema.ts';
import { makeRenditions, type MadeImage } from '../src/server/modules/media/renditions.ts';
import { WEB_DIST } from './support/app-server.ts';
import { machineLoad, whileSampling } from './support/child.ts';
import { onEachDatabase } from './support/databases.ts';
import { npmStart, rssMiB, stop } from './support/npm-start.ts';
import { fmt, runContext, writeResult } from './support/results.ts';

const BUDGET = { pgliteRssMiB: 300, postgresRssMiB: 200 };
const IMAGES = Number(process.env.BENCH_IMAGES ?? 2000);
const REQUESTS = Number(process.env.BENCH_MEDIA_REQUESTS ?? 600);
const SOURCES = 8;
const MiB = 1024 * 1024;

/** A photo-like 1,600 × 1,200 picture: smoothed noise over a gradient, not a flat colour. */
async function photoLike(seed: number) {
  const noise = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 40 + seed * 20, g: 90, b: 160 - seed * 10 },
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .blur(2.5)
    .jpeg({ quality: 90 })
    .toBuffer();
  return makeRenditions(noise);
}

/** Stores the images as an upload does, a transaction a product, straight into the database. */
async function seedImages(env: { DATA_DIR: string; DATABASE_URL: string }, made: MadeImage[]) {
  const database = openDatabase({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
  });
  try {
    const { db } = database;
    const ids = (await db.select({ id: products.id }).from(products)).map((r) => r.id);
    const perProduct = Math.ceil(IMAGES / ids.length);
    const stored: string[] = [];
    for (const [p, productId] of ids.entries()) {
      const count = Math.min(perProduct, IMAGES - stored.length);
      if (count <= 0) break;
      await db.transaction(async (tx) => {
        for (let position = 0; position < count; position++) {
          const image = made[(p + position) % made.length]!;
          const id = randomUUID();
          await tx.insert(productImages).values({
            id,
            productId,
            position,
            width: image.width,
            height: image.height,
            originalFormat: image.originalFormat,
          });
          for (const r of image.renditions) {
            await tx
              .insert(imageRenditions)
              .values({ imageId: id, ...r, etag: `"${id}-${r.width}${r.format}"` });
          }
          stored.push(id);
          if (position === 0) {
            await tx.execute(
              sql`update product set image_url = ${mediaPath(id, 640, 'webp')} where id = ${productId}`,
            );
          }
        }
      });
    }
    const result = await db.execute(
      sql`select coalesce(sum(octet_length(bytes)), 0)::float8 as bytes from image_rendition`,
    );
    const bytes = (result as unknown as { rows: { bytes: number }[] }).rows[0]?.bytes ?? 0;
    return { ids: stored, renditionBytes: Number(bytes), products: ids.length };
  } finally {
    await database.close();
  }
}

async function serveMedia(origin: string, ids: string[]) {
  let bytes = 0;
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      const width = MEDIA_WIDTHS[Math.floor(Math.random() * MEDIA_WIDTHS.length)]!;
      const format = MEDIA_FORMATS[Math.floor(Math.random() * MEDIA_FORMATS.length)]!;
      const res = await fetch(`${origin}${mediaPath(id, width, format)}`);
      if (res.status !== 200) failures++;
      bytes += (await res.arrayBuffer()).byteLength;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { requests: REQUESTS, failures, bytes, requestsPerSecond: REQUESTS / seconds };
}

async function main() {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`build first: ${WEB_DIST}`);
  const context = runContext();
  console.log(`before the run: ${machineLoad()}`);
  await buildServer();
  const made = await Promise.all(Array.from({ length: SOURCES }, (_, i) => photoLike(i)));
  const perImage =
    made.reduce((n, m) => n + m.renditions.reduce((k, r) => k + r.bytes.length, 0), 0) / SOURCES;
  console.log(`one image's eight renditions: ${fmt(perImage / 1024)} KiB on average`);
  const outcomes = await onEachDatabase(async ({ kind, url }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-bench-images-'));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? '',
      WEB_DIST_DIR: WEB_DIST,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
    };
    try {
      // The first start writes the demo catalogue; the second, without images, is the baseline.
      await stop(await npmStart(env));
      const before = await npmStart(env);
      const rssWithoutImages = rssMiB(before.pid);
      await stop(before);
      const seedStarted = performance.now();
      const seeded = await seedImages(env, made);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const server = await npmStart(env);
      const afterStart = rssMiB(server.pid);
      const { result, usage } = await whileSampling(server.pid, () =>
        serveMedia(server.origin, seeded.ids),
      );
      const afterServing = rssMiB(server.pid);
      await stop(server);
      const budgetMiB = kind === 'pglite' ? BUDGET.pgliteRssMiB : BUDGET.postgresRssMiB;
      const peak = (usage?.peakRssBytes ?? 0) / MiB;
      const outcome = {
        database: kind,
        images: seeded.ids.length,
        products: seeded.products,
        renditionMiB: seeded.renditionBytes / MiB,
        seedSeconds,
        secondStartSeconds: server.seconds,
        rssWithoutImagesMiB: rssWithoutImages,
        rssAfterStartMiB: afterStart,
        peakRssServingMiB: peak,
        rssAfterServingMiB: afterServing,
        serving: result,
        pass: peak < budgetMiB && result.failures === 0,
      };
      console.log(
        `\n${kind}: ${seeded.ids.length} images on ${seeded.products} products, ` +
          `${fmt(outcome.renditionMiB)} MiB of renditions (stored in ${fmt(seedSeconds, 1)} s); ` +
          `start ${fmt(server.seconds, 2)} s`,
      );
      console.log(
        `  RSS MiB: without images ${fmt(rssWithoutImages)}, after start with them ${fmt(afterStart)}, ` +
          `peak serving ${fmt(peak)} (need < ${budgetMiB}) ${outcome.pass ? 'PASS' : 'FAIL'}, after ${fmt(afterServing)}`,
      );
      console.log(
        `  /media/: ${result.requests} requests, ${result.failures} failed, ` +
          `${fmt(result.bytes / MiB, 1)} MiB, ${fmt(result.requestsPerSecond)} req/s`,
      );
      return outcome;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  writeResult('images', {
    bench: 'images',
    context,
    settings: {
      images: IMAGES,
      requests: REQUESTS,
      sources: SOURCES,
      perImageKiB: perImage / 1024,
    },
    budget: BUDGET,
    outcomes,
    pass: outcomes.every((o) => o.pass),
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
