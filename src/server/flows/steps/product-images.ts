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
  imageFromSource,
  insertImage,
  keepFallback,
  listImages,
  setPositions,
  takeFallback,
  type ProductImageRow,
} from '../../modules/media/repository.ts';
import type { MadeImage } from '../../modules/media/renditions.ts';
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
  if (!row) throw new Error('an upload has no source link to clash on');
  await refreshProductPicture(tx, productId, product.imageUrl, view);
  return presentImage(row);
}

/** Puts one of the product's images first: its picture. */
async function putFirst(tx: Executor, productId: string, imageId: string) {
  const images = await listImages(tx, productId);
  if (images[0]?.id === imageId) return;
  await setPositions(tx, [imageId, ...images.filter((i) => i.id !== imageId).map((i) => i.id)]);
}

/**
 * An image fetched from an http(s) link (an import's `image_url`, an outside link from before)
 * as the product's picture: stored first, `img` pointed at it. A product that holds that
 * link's image already gets that one put first, and nothing is stored twice; `made` may then be
 * left out (the caller checked before fetching). False when the product is gone, or when there
 * is nothing to store.
 */
export async function storeLinkedImage(
  tx: Executor,
  productId: string,
  sourceUrl: string,
  view: CatalogView,
  made?: MadeImage,
) {
  const product = await lockProductForEdit(tx, productId);
  if (!product) return false;
  const held = await imageFromSource(tx, productId, sourceUrl);
  const row = held ?? (made && (await insertImage(tx, productId, made, sourceUrl)));
  if (!row) return false;
  await putFirst(tx, productId, row.id);
  await refreshProductPicture(tx, productId, product.imageUrl, view);
  return true;
}
