import { stockColumns } from '../../../contract/csv-cells.ts';
import { readWholeNumber } from '../../../contract/csv-cells.ts';
import type { ImportError } from '../../../contract/imports.ts';
import { productsBySkus } from '../../modules/catalog/by-sku.ts';
import { lockProducts } from '../../modules/catalog/repository.ts';
import { heldUnpaid } from '../../modules/orders/held-stock.ts';
import type { Executor } from '../../db/client.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import {
  bySku,
  skuOf,
  unknownSku,
  type CheckedRow,
  type FileRow,
  type ImportKindRules,
} from './file-rows.ts';

const MAX_COUNT = 10_000_000;

const heldMessage = (held: number) =>
  `${held} are held by unpaid orders: the count cannot be below that`;

/**
 * `sku,stock`: what is on the shelf, counted. The product's stock is what can still be sold, so
 * the count less what unpaid orders hold; each line is a `counted` movement of the difference.
 */
export const stockRules: ImportKindRules = {
  required: stockColumns,
  begin: async (db) => ({
    knows: (column) => (stockColumns as readonly string[]).includes(column),
    check: (rows) => checkCounts(db, rows),
  }),
  beginApply:
    async (tx, { importId, actor }) =>
    async (rows) => {
      const ids = rows.flatMap((r) => (r.productId ? [r.productId] : []));
      // Locked, then read again: orders may have come and gone since the check, and none can
      // now take or give back these products' stock until the apply commits.
      const locked = new Map((await lockProducts(tx, ids)).map((p) => [p.id, p]));
      const current = new Map([...locked].map(([id, p]) => [id, p.stock]));
      const held = await heldUnpaid(tx, ids);
      const moves = rows.flatMap((row) => {
        const stock = row.productId === null ? undefined : current.get(row.productId);
        if (stock === undefined || row.productId === null) return [];
        const count = row.values.count as number;
        const onHold = held.get(row.productId) ?? 0;
        if (count < onHold) throw new Error(`Line ${row.line}: ${heldMessage(onHold)}`);
        const delta = count - onHold - stock;
        return delta === 0
          ? []
          : [
              {
                productId: row.productId,
                delta,
                reason: 'counted' as const,
                actor,
                note: `import ${importId}`,
              },
            ];
      });
      if (moves.length) await moveStockAndTell(tx, moves, { locked });
    },
};

async function checkCounts(db: Executor, rows: readonly FileRow[]) {
  const found = await bySku(rows, (skus) => productsBySkus(db, skus));
  const held = await heldUnpaid(
    db,
    [...found.values()].map((p) => p.id),
  );
  const checked: CheckedRow[] = [];
  const errors: ImportError[] = [];
  for (const row of rows) {
    const product = found.get(skuOf(row));
    if (!product) {
      errors.push(unknownSku(row));
      continue;
    }
    const count = readWholeNumber(row.cells.stock ?? '');
    if (count === undefined || count > MAX_COUNT) {
      errors.push({
        line: row.line,
        column: 'stock',
        message: 'Stock must be a whole number of pieces, 0 or more',
      });
      continue;
    }
    const onHold = held.get(product.id) ?? 0;
    if (count < onHold) {
      errors.push({ line: row.line, column: 'stock', message: heldMessage(onHold) });
      continue;
    }
    checked.push({
      line: row.line,
      productId: product.id,
      values: { count },
      change: count === product.stock + onHold ? 'unchanged' : 'update',
    });
  }
  return { checked, errors };
}
