import type { ListImportInput, ListLinesInput } from '../../../contract/saved-lists.ts';
import { listQuantity } from '../../../contract/saved-lists.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { parsePastedLines } from '../../modules/cart/quick-add-parser.ts';
import { partsByIds, partsBySkus } from '../../modules/saved-lists/repository.ts';
import type { LineToSave } from '../../modules/saved-lists/service.ts';

// Lines on their way to a list: found by part id (a cart's or an order's) or by SKU (a pasted
// quick-order text, read by the quick order's own parser), or why not.

export async function linesById(db: Db, { lines }: ListLinesInput): Promise<LineToSave[]> {
  const ids = [...new Set(lines.map((l) => l.productId).filter(isUuid))];
  const byId = new Map((await partsByIds(db, ids)).map((p) => [p.id, p]));
  return lines.map(({ productId, quantity }, i) => {
    const part = byId.get(productId);
    if (!part) return { line: i + 1, sku: '', error: 'No part has this id' };
    return { line: i + 1, sku: part.sku, part, quantity };
  });
}

export async function linesFromText(db: Db, { text }: ListImportInput): Promise<LineToSave[]> {
  const pasted = parsePastedLines(text);
  const skus = [...new Set(pasted.map((p) => p.sku.toUpperCase()))];
  const bySku = new Map((await partsBySkus(db, skus)).map((p) => [p.sku.toUpperCase(), p]));
  return pasted.map((entry) => {
    if ('error' in entry) return entry;
    const part = bySku.get(entry.sku.toUpperCase());
    if (!part)
      return { line: entry.line, sku: entry.sku, error: `No part has the SKU ${entry.sku}` };
    // The parser holds quantities to the cart's maximum already; a list takes the same.
    const quantity = listQuantity.safeParse(entry.quantity);
    if (!quantity.success) {
      return { line: entry.line, sku: entry.sku, error: quantity.error.issues[0]?.message ?? '' };
    }
    return { line: entry.line, sku: part.sku, part, quantity: quantity.data };
  });
}
