import {
  LEAD_WIDTH,
  mediaPath,
  parseMediaPath,
  type ProductImage,
} from '../../../contract/product-images.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { lockProductForEdit, updateProduct } from '../../modules/catalog/repository.ts';
import {
  insertImage,
  keepFallback,
  listImages,
  takeFallback,
  type ProductImageRow,
} from '../../modules/media/repository.ts';
import { makeRenditions, type MadeImage } from '../../modules/media/renditions.ts';
import type { CatalogView } from '../../modules/catalog/service.ts';
import { emitProductEvent } from './product-events.ts';

/** An image as the API answers it; `url` is the lead width's WebP, what `img` becomes. */
export const presentImage = (row: ProductImageRow): ProductImage => ({
  _id: row.id,
  url: mediaPath(row.id, LEAD_WIDTH, 'webp'),
  width: row.width,
  height: row.height,
  position: row.position,
});

/**
 * The product's `img` follows its images: the first one's URL while it has any, the link it
 * had before its first upload once the last is removed. The product is locked by the caller. A
 * new `img` is a `product.updated` for webhook receivers.
 */
export async function refreshProductPicture(
  tx: Executor,
  productId: string,
  img: string,
  view: CatalogView,
) {
  const [first] = await listImages(tx, productId);
  let next: string | undefined;
  if (first) {
    // An outside or demo link is kept aside before it is replaced, so that it is not lost.
    if (!parseMediaPath(img)) await keepFallback(tx, productId, img);
    next = mediaPath(first.id, LEAD_WIDTH, 'webp');
  } else {
    next = await takeFallback(tx, productId);
  }
  if (next === undefined || next === img) return;
  const updated = await updateProduct(tx, productId, { imageUrl: next });
  if (updated) await emitProductEvent(tx, 'product.updated', updated, view);
}

/**
 * Stores an image already made (makeRenditions) as the product's last, and points `img` at the
 * first. Inside the caller's transaction; 404 when the product is gone.
 */
export async function storeMadeImage(
  tx: Executor,
  productId: string,
  made: MadeImage,
  view: CatalogView,
) {
  const product = await lockProductForEdit(tx, productId);
  if (!product) throw notFound('Product');
  const row = await insertImage(tx, productId, made);
  await refreshProductPicture(tx, productId, product.imageUrl, view);
  return presentImage(row);
}

/**
 * The import job's step: bytes fetched from an `image_url` become the product's next image, in
 * the job's transaction. A 400 AppError says what is wrong with the bytes (not an image, SVG,
 * over 50 megapixels, empty): the job writes it as the line's error. The renditions are made
 * before anything is written; a caller holding a long transaction may call makeRenditions
 * first and then storeMadeImage.
 */
export async function storeProductImage(
  tx: Executor,
  productId: string,
  bytes: Buffer,
  view: CatalogView,
) {
  return storeMadeImage(tx, productId, await makeRenditions(bytes), view);
}
