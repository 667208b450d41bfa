import type { ProductImage } from '../../../contract/product-images.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { isUuid } from '../../lib/ids.ts';
import { findProduct, lockProductForEdit } from '../../modules/catalog/repository.ts';
import { deleteImage, listImages, setPositions } from '../../modules/media/repository.ts';
import { makeRenditions } from '../../modules/media/renditions.ts';
import { presentImage, refreshProductPicture, storeMadeImage } from '../steps/product-images.ts';

import type { CatalogDeps } from './catalog-deps.ts';

type Deps = CatalogDeps;

const audited = (
  tx: Parameters<typeof recordAudit>[0],
  actor: AuditActor,
  id: string,
  summary: string,
) =>
  recordAudit(tx, actor, {
    action: 'product.update',
    targetType: 'product',
    targetId: id,
    summary,
  });

async function listOf(db: Db, productId: string) {
  if (!isUuid(productId) || !(await findProduct(db, productId))) throw notFound('Product');
  return { data: (await listImages(db, productId)).map(presentImage) };
}

/**
 * An admin's upload: the sizes are made before the transaction (sharp's work holds no lock),
 * then stored with the product's `img` pointed at its first image, in one transaction.
 */
async function addImage(
  { db, cache, view }: Deps,
  actor: AuditActor,
  productId: string,
  bytes: Buffer,
) {
  if (!isUuid(productId) || !(await findProduct(db, productId))) throw notFound('Product');
  const made = await makeRenditions(bytes);
  return cache.write('product', () =>
    db.transaction(async (tx) => {
      const image = await storeMadeImage(tx, productId, made, view);
      await audited(
        tx,
        actor,
        productId,
        `Added image ${image.position + 1} (${made.width} × ${made.height})`,
      );
      return image;
    }),
  );
}

async function removeImage(
  { db, cache, view }: Deps,
  actor: AuditActor,
  productId: string,
  imageId: string,
) {
  if (!isUuid(productId) || !isUuid(imageId)) throw notFound('Image');
  const removed = await cache.write('product', () =>
    db.transaction(async (tx) => {
      const product = await lockProductForEdit(tx, productId);
      if (!product || !(await deleteImage(tx, productId, imageId))) return false;
      const rest = await listImages(tx, productId);
      await setPositions(
        tx,
        rest.map((r) => r.id),
      );
      await refreshProductPicture(tx, productId, product.imageUrl, view);
      await audited(tx, actor, productId, `Removed an image (${rest.length} left)`);
      return true;
    }),
  );
  if (!removed) throw notFound('Image');
  return { ok: true as const };
}

async function orderImages(
  { db, cache, view }: Deps,
  actor: AuditActor,
  productId: string,
  imageIds: readonly string[],
): Promise<{ data: ProductImage[] }> {
  if (!isUuid(productId)) throw notFound('Product');
  return cache.write('product', () =>
    db.transaction(async (tx) => {
      const product = await lockProductForEdit(tx, productId);
      if (!product) throw notFound('Product');
      const current = await listImages(tx, productId);
      const known = new Set(current.map((r) => r.id));
      const unknown = imageIds.find((id) => !known.has(id));
      if (unknown !== undefined) {
        throw new AppError('bad_request', `imageIds: ${unknown} is not an image of this product`);
      }
      if (new Set(imageIds).size !== imageIds.length || imageIds.length !== current.length) {
        throw new AppError(
          'bad_request',
          `imageIds: list each of the product's ${current.length} images once`,
        );
      }
      await setPositions(tx, imageIds);
      await refreshProductPicture(tx, productId, product.imageUrl, view);
      await audited(tx, actor, productId, 'Reordered its images');
      return { data: (await listImages(tx, productId)).map(presentImage) };
    }),
  );
}

/** A product's uploaded images: the images (media module) and the product's `img` (catalog). */
export const productImageHandlers = (
  deps: Deps,
): Handlers<'listToolImages' | 'addToolImage' | 'removeToolImage' | 'orderToolImages'> => ({
  listToolImages: ({ params }) => listOf(deps.db, params.id),
  addToolImage: ({ user, params, body }) => addImage(deps, user, params.id, body.file.bytes),
  removeToolImage: ({ user, params }) => removeImage(deps, user, params.id, params.imageId),
  orderToolImages: ({ user, params, body }) => orderImages(deps, user, params.id, body.imageIds),
});
