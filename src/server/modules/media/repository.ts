import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MediaFormat } from '../../../contract/product-images.ts';
import type { Executor } from '../../db/client.ts';
import { imageRenditions, productImageFallbacks, productImages } from '../../db/schema.ts';
import type { MadeImage } from './renditions.ts';

export type ProductImageRow = typeof productImages.$inferSelect;

/** A product's images, first first. */
export async function listImages(db: Executor, productId: string) {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
}

/**
 * Stores an image and its renditions, last in the product's order. An image fetched from a link
 * names it (`sourceUrl`); undefined when the product holds that link's image already.
 */
export async function insertImage(
  tx: Executor,
  productId: string,
  made: MadeImage,
  sourceUrl: string | null = null,
) {
  const [{ next } = { next: 0 }] = await tx
    .select({ next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int` })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  const [row] = await tx
    .insert(productImages)
    .values({
      productId,
      position: next,
      width: made.width,
      height: made.height,
      originalFormat: made.originalFormat,
      sourceUrl,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  // One rendition a statement: a single insert of all eight would hold every size twice over
  // in the driver's parameter buffers.
  for (const r of made.renditions) {
    await tx.insert(imageRenditions).values({ imageId: row.id, ...r });
  }
  return row;
}

/** The product's image fetched from this link, if it has one. */
export async function imageFromSource(db: Executor, productId: string, sourceUrl: string) {
  const [row] = await db
    .select()
    .from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.sourceUrl, sourceUrl)));
  return row;
}

/** The links these images were fetched from, by image id (uploads have none). */
export async function sourcesOf(db: Executor, imageIds: readonly string[]) {
  if (imageIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: productImages.id, sourceUrl: productImages.sourceUrl })
    .from(productImages)
    .where(inArray(productImages.id, [...imageIds]));
  return new Map(rows.flatMap((r) => (r.sourceUrl ? [[r.id, r.sourceUrl] as const] : [])));
}

/** Removes one image (its renditions go with it); false when the product has no such image. */
export async function deleteImage(tx: Executor, productId: string, imageId: string) {
  const gone = await tx
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.id, imageId)))
    .returning({ id: productImages.id });
  return gone.length > 0;
}

/** Sets the positions to the order given (the caller checked it names every image once). */
export async function setPositions(tx: Executor, imageIds: readonly string[]) {
  for (const [position, id] of imageIds.entries()) {
    await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
  }
}

/** One rendition's bytes and ETag, or undefined. */
export async function readRendition(
  db: Executor,
  imageId: string,
  width: number,
  format: MediaFormat,
) {
  const [row] = await db
    .select({ bytes: imageRenditions.bytes, etag: imageRenditions.etag })
    .from(imageRenditions)
    .where(
      and(
        eq(imageRenditions.imageId, imageId),
        eq(imageRenditions.width, width),
        eq(imageRenditions.format, format),
      ),
    );
  return row;
}

/** Only the ETag: a conditional request is answered without reading the bytes. */
export async function readRenditionEtag(
  db: Executor,
  imageId: string,
  width: number,
  format: MediaFormat,
) {
  const [row] = await db
    .select({ etag: imageRenditions.etag })
    .from(imageRenditions)
    .where(
      and(
        eq(imageRenditions.imageId, imageId),
        eq(imageRenditions.width, width),
        eq(imageRenditions.format, format),
      ),
    );
  return row?.etag;
}

/** Remembers the link a product had before its first upload (kept when one is there). */
export async function keepFallback(tx: Executor, productId: string, img: string) {
  await tx.insert(productImageFallbacks).values({ productId, img }).onConflictDoNothing();
}

/** The link from before the uploads, forgotten as it is handed back. */
export async function takeFallback(tx: Executor, productId: string) {
  const [row] = await tx
    .delete(productImageFallbacks)
    .where(eq(productImageFallbacks.productId, productId))
    .returning({ img: productImageFallbacks.img });
  return row?.img;
}

export async function imagesOf(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.select().from(productImages).where(inArray(productImages.id, ids));
}
