import { MAX_IMAGE_BYTES } from '../../../contract/product-images.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { CatalogView } from '../../modules/catalog/service.ts';
import { AppError } from '../../errors.ts';
import { FETCH_TIMEOUT_MS, fetchPublic, OutboundFetchError } from '../../lib/outbound-fetch.ts';
import { imageFromSource } from '../../modules/media/repository.ts';
import { makeRenditions } from '../../modules/media/renditions.ts';
import { storeLinkedImage } from './product-images.ts';

export type LinkFetchDeps = {
  db: Db;
  cache: ReadCache;
  /** The catalogue's low-stock mark, for the product.updated a new picture is. */
  view: CatalogView;
  /** Loopback and private addresses allowed: tests only (MEDIA_FETCH_ALLOW_PRIVATE=1). */
  allowPrivate: boolean;
};

/** What a link fetch came to: stored (`fetched` false when the product held it already), or why not. */
export type LinkFetchOutcome = { ok: true; fetched: boolean } | { ok: false; message: string };

/** A link the server fetches rather than a browser: http(s), any host but ours by path. */
export const isOutsideLink = (img: string) => /^https?:\/\//i.test(img.trim());

const why = (message: string): LinkFetchOutcome => ({ ok: false, message });

/**
 * A product's picture from an http(s) link, stored as an upload is (JPEG, PNG or WebP, the
 * same refusals) and made its first image, so its `img` is the shop's own /media/ URL and no
 * visitor's browser asks the link's host for anything. Through fetchPublic: never a private,
 * loopback, link-local or metadata address unless `allowPrivate`, 10 s and 10 MB at most. A
 * link the product holds already is not fetched again. A failure is answered, not thrown: it
 * is a line of the job's result, not a failed job. The fetch and sharp's work hold no
 * transaction; the store is one short one.
 */
export async function fetchLinkedImage(
  { db, cache, view, allowPrivate }: LinkFetchDeps,
  productId: string,
  url: string,
): Promise<LinkFetchOutcome> {
  const store = (made?: Parameters<typeof storeLinkedImage>[4]) =>
    cache.write('product', () =>
      db.transaction((tx) => storeLinkedImage(tx, productId, url, view, made)),
    );
  if (await imageFromSource(db, productId, url)) {
    await store();
    return { ok: true, fetched: false };
  }
  let bytes: Buffer;
  try {
    const res = await fetchPublic(url, {
      allowPrivate,
      maxBytes: MAX_IMAGE_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
      headers: { accept: 'image/webp,image/png,image/jpeg;q=0.9,*/*;q=0.1' },
    });
    if (res.status < 200 || res.status >= 300) {
      return why(`The image link answered ${res.status}, not an image`);
    }
    bytes = res.bytes;
  } catch (err) {
    if (err instanceof OutboundFetchError) return why(err.message);
    throw err;
  }
  let made;
  try {
    made = await makeRenditions(bytes);
  } catch (err) {
    // Not an image, SVG, over 50 megapixels, empty, damaged: the upload's own words.
    if (err instanceof AppError) return why(err.message);
    throw err;
  }
  await store(made);
  return { ok: true, fetched: true };
}

/** Runs `work` on every item, at most `limit` at once, in the items' order of starting. */
export async function eachAtMost<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
