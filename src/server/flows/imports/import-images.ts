import { MAX_LISTED_ERRORS, type ImportApplyResult } from '../../../contract/imports.ts';
import { productsBySkus } from '../../modules/catalog/by-sku.ts';
import {
  eachAtMost,
  fetchLinkedImage,
  type LinkFetchDeps,
  type LinkFetchOutcome,
} from '../steps/fetch-linked-image.ts';

/** Links fetched at once: each waits on a stranger's server, and each store is a short write. */
const AT_ONCE = 4;

type LinkedLine = { line: number; productId: string | null; sku: string; url: string };

/**
 * A products import's http(s) `image_url`s, after its lines are applied: each fetched and
 * stored as its product's first image (fetchLinkedImage), a few at once. A link that fails is
 * a line error, not a failed import. A try that runs again (a restart) finds the images stored
 * already and fetches only what is missing.
 */
export async function fetchImportImages(
  deps: LinkFetchDeps,
  lines: readonly LinkedLine[],
  progress: (done: number) => Promise<void>,
): Promise<Pick<ImportApplyResult, 'images' | 'imageErrors'>> {
  // The products the apply created: their lines knew only their SKU.
  const created = lines.filter((l) => !l.productId).map((l) => l.sku.toUpperCase());
  const idOf = new Map(
    created.length
      ? (await productsBySkus(deps.db, created)).map((p) => [p.sku.toUpperCase(), p.id])
      : [],
  );
  const imageErrors: ImportApplyResult['imageErrors'] = [];
  let stored = 0;
  let done = 0;
  // Progress written one after another, so a later count never lands before an earlier one.
  let written = Promise.resolve();
  await eachAtMost(lines, AT_ONCE, async (l) => {
    const productId = l.productId ?? idOf.get(l.sku.toUpperCase());
    const outcome: LinkFetchOutcome = productId
      ? await fetchLinkedImage(deps, productId, l.url)
      : { ok: false, message: 'The product is no longer there' };
    if (outcome.ok) stored++;
    else imageErrors.push({ line: l.line, column: 'image_url', message: outcome.message });
    done++;
    if (done % 10 === 0 || done === lines.length) {
      const now = done;
      written = written.then(() => progress(now));
    }
  });
  await written;
  imageErrors.sort((a, b) => a.line - b.line);
  return {
    images: { wanted: lines.length, stored, failed: imageErrors.length },
    imageErrors: imageErrors.slice(0, MAX_LISTED_ERRORS),
  };
}
