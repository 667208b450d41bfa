import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { productsWithOutsidePictures } from '../../modules/catalog/repository.ts';
import type { JobKind, JobQueue } from '../../modules/jobs/queue.ts';
import { queues } from '../../modules/jobs/queues.ts';
import { eachAtMost, fetchLinkedImage, type LinkFetchDeps } from '../steps/fetch-linked-image.ts';

// The CSP's img-src names no stranger's host (docs/decisions/0028): a product whose picture is
// still an http(s) link from before (an older row, Add Product's image link, an import whose
// fetch failed) has it fetched and stored as its first image, as an import's `image_url` is. Until
// then the pages show a placeholder of the same size in its place, never the link.

const AT_ONCE = 4;
/** Failures listed in the job's result; the rest are counted. */
const LISTED = 1000;

/**
 * The job's id, made from the links it is for: every server that starts with the same links
 * waiting hands over the same job, once, and a restart does not try them again; a new link
 * (an edit since) makes a new job at the next start.
 */
function sweepId(links: readonly { id: string; imageUrl: string }[]) {
  const hash = createHash('sha256').update('outside-pictures');
  for (const l of links) hash.update(`\n${l.id} ${l.imageUrl}`);
  const hex = hash.digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** At start: the job for the products that still have an outside picture, if any do. */
export async function handOverOutsidePictures(db: Db, queue: Pick<JobQueue, 'enqueueOnce'>) {
  const links = await productsWithOutsidePictures(db);
  if (links.length === 0) return undefined;
  const id = sweepId(links);
  await queue.enqueueOnce(queues.fetchOutsidePictures.name, id, { products: links.length });
  return id;
}

export const outsidePicturesJob = (deps: LinkFetchDeps): JobKind => ({
  ...queues.fetchOutsidePictures,
  async work({ progress }) {
    // As they are now: a picture an admin changed since the start is not fetched.
    const links = await productsWithOutsidePictures(deps.db);
    const errors: { sku: string; url: string; message: string }[] = [];
    let stored = 0;
    let done = 0;
    let written = Promise.resolve();
    await eachAtMost(links, AT_ONCE, async ({ id, sku, imageUrl }) => {
      const outcome = await fetchLinkedImage(deps, id, imageUrl);
      if (outcome.ok) stored++;
      else errors.push({ sku, url: imageUrl, message: outcome.message });
      done++;
      const now = done;
      written = written.then(() => progress(now, links.length));
    });
    await written;
    return {
      wanted: links.length,
      stored,
      failed: errors.length,
      errors: errors.sort((a, b) => a.sku.localeCompare(b.sku)).slice(0, LISTED),
    };
  },
});
