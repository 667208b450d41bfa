import * as pg from 'drizzle-orm/pg-core';
import { createdAt, deletedWith } from './columns.ts';
import { products } from './catalog.ts';

// Uploaded product images and the sizes made of them once, at upload (issue 33). The bytes live
// in the database, so every server reads them and backups and a move to PostgreSQL carry them
// (docs/decisions/0028-product-images-in-the-database.md).

const bytea = pg.customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: one shape for the code.
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

export const productImages = pg.pgTable(
  'product_image',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    productId: deletedWith('product_id', () => products.id),
    // 0 is first: the product's picture. Kept 0..n-1 by every write.
    position: pg.integer('position').notNull(),
    // The original's size after EXIF rotation, and what it was sent as.
    width: pg.integer('width').notNull(),
    height: pg.integer('height').notNull(),
    originalFormat: pg.text('original_format', { enum: ['jpeg', 'png', 'webp'] }).notNull(),
    // The http(s) link it was fetched from (an import's image_url, an outside link from before);
    // null for an upload. A link fetched once for a product is not fetched and stored again.
    sourceUrl: pg.text('source_url'),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('product_image_product_idx').on(t.productId, t.position),
    pg.uniqueIndex('product_image_source_idx').on(t.productId, t.sourceUrl),
  ],
);

export const imageRenditions = pg.pgTable(
  'image_rendition',
  {
    imageId: deletedWith('image_id', () => productImages.id),
    // The width its URL names (160, 320, 640, 1280); the picture is at most that wide.
    width: pg.integer('width').notNull(),
    format: pg.text('format', { enum: ['webp', 'jpg'] }).notNull(),
    bytes: bytea('bytes').notNull(),
    etag: pg.text('etag').notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.imageId, t.width, t.format] })],
);

/**
 * A product's link from before its first upload: its picture again once its last uploaded
 * image is removed (an admin's link is not lost by trying an upload).
 */
export const productImageFallbacks = pg.pgTable('product_image_fallback', {
  productId: deletedWith('product_id', () => products.id).primaryKey(),
  img: pg.text('img').notNull(),
});
