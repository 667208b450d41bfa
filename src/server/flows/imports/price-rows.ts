import { priceColumns, readMoneyCents, readTiers } from '../../../contract/csv-cells.ts';
import type { ImportError } from '../../../contract/imports.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { TierCents } from '../../../contract/price-ladder.ts';
import { ladderProblems } from '../../../contract/product-input.ts';
import { productsBySkus, setListPrices } from '../../modules/catalog/by-sku.ts';
import type { Executor } from '../../db/client.ts';
import { emitProductEvents } from '../steps/product-events.ts';
import {
  bySku,
  skuOf,
  unknownSku,
  type CheckedRow,
  type FileRow,
  type ImportKindRules,
} from './file-rows.ts';

const sameLadder = (a: readonly TierCents[], b: readonly TierCents[]) =>
  a.length === b.length &&
  a.every((t, i) => t.minQuantity === b[i]?.minQuantity && t.priceCents === b[i]?.priceCents);

/**
 * A line's ladder: its `tiers`, or one rung at the product's minimum for its `price` alone.
 * Either way it obeys the rules the admin's form obeys, with the same messages.
 */
export function ladderOfLine(
  cells: Record<string, string>,
  line: number,
  product: { moq: number; packSize: number },
  decimalComma: boolean,
): { tiers: TierCents[] } | { errors: ImportError[] } {
  const priceCell = (cells.price ?? '').trim();
  const priceCents = readMoneyCents(priceCell, decimalComma);
  if (priceCents === undefined || priceCents < 1) {
    const message = priceCell
      ? `"${priceCell}" is not a price (write 4.50)`
      : 'Please enter a price';
    return { errors: [{ line, column: 'price', message }] };
  }
  const tiersCell = (cells.tiers ?? '').trim();
  const read = tiersCell
    ? readTiers(tiersCell, decimalComma)
    : { tiers: [{ minQuantity: product.moq, priceCents }] };
  if ('error' in read) return { errors: [{ line, column: 'tiers', message: read.error }] };
  const problems = ladderProblems({
    moq: product.moq,
    packSize: product.packSize,
    price: centsToDollars(priceCents),
    tiers: read.tiers.map((t) => ({
      minQuantity: t.minQuantity,
      price: centsToDollars(t.priceCents),
    })),
  });
  if (problems.length) {
    return {
      errors: problems.map((p) => ({
        line,
        column: p.path[0] === 'tiers' ? 'tiers' : String(p.path[0]),
        message: p.message,
      })),
    };
  }
  return { tiers: read.tiers };
}

/** `sku,price,tiers`: each product's list price and ladder. */
export const priceRules: ImportKindRules = {
  required: ['sku', 'price'],
  begin: async (db) => ({
    knows: (column) => (priceColumns as readonly string[]).includes(column),
    check: (rows, { decimalComma }) => checkPrices(db, rows, decimalComma),
  }),
  beginApply:
    async (tx, { view }) =>
    async (rows) => {
      const ladders = rows.flatMap((row) =>
        row.productId ? [{ id: row.productId, tiers: row.values.tiers as TierCents[] }] : [],
      );
      await setListPrices(tx, ladders);
      await emitProductEvents(
        tx,
        'product.updated',
        ladders.map((l) => l.id),
        view,
      );
    },
};

async function checkPrices(db: Executor, rows: readonly FileRow[], decimalComma: boolean) {
  const found = await bySku(rows, (skus) => productsBySkus(db, skus));
  const checked: CheckedRow[] = [];
  const errors: ImportError[] = [];
  for (const row of rows) {
    const product = found.get(skuOf(row));
    if (!product) {
      errors.push(unknownSku(row));
      continue;
    }
    const ladder = ladderOfLine(row.cells, row.line, product, decimalComma);
    if ('errors' in ladder) {
      errors.push(...ladder.errors);
      continue;
    }
    checked.push({
      line: row.line,
      productId: product.id,
      values: { tiers: ladder.tiers },
      change: sameLadder(ladder.tiers, product.tiers) ? 'unchanged' : 'update',
    });
  }
  return { checked, errors };
}
