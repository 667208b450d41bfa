import { priceColumns, readMoneyCents, readTiers } from '../../../contract/csv-cells.ts';
import type { ImportError } from '../../../contract/imports.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { TierCents } from '../../../contract/price-ladder.ts';
import { ladderProblems, tiersInput } from '../../../contract/product-input.ts';
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

export const sameLadder = (a: readonly TierCents[], b: readonly TierCents[]) =>
  a.length === b.length &&
  a.every((t, i) => t.minQuantity === b[i]?.minQuantity && t.priceCents === b[i]?.priceCents);

type Problem = { path: PropertyKey[]; message: string };
type Ladder = { price: number; tiers: { minQuantity: number; price: number }[] };

/**
 * A line's `price` and `tiers` read: its `tiers`, or one rung at `firstQuantity` for its
 * `price` alone. Then `problems` (the rules of the form the kind stands for, in dollars, as
 * the form holds them) name what is wrong, with the form's messages, by the line's column.
 */
export function ladderOfLine(
  cells: Record<string, string>,
  line: number,
  firstQuantity: number,
  decimalComma: boolean,
  problems: (ladder: Ladder) => readonly Problem[],
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
    : { tiers: [{ minQuantity: firstQuantity, priceCents }] };
  if ('error' in read) return { errors: [{ line, column: 'tiers', message: read.error }] };
  const found = problems({
    price: centsToDollars(priceCents),
    tiers: read.tiers.map((t) => ({
      minQuantity: t.minQuantity,
      price: centsToDollars(t.priceCents),
    })),
  });
  if (found.length === 0) return { tiers: read.tiers };
  // A rung written only by the price cell is the price's own problem.
  const columnOf = (p: Problem) =>
    p.path[0] === 'tiers' ? (tiersCell ? 'tiers' : 'price') : String(p.path[0]);
  return { errors: found.map((p) => ({ line, column: columnOf(p), message: p.message })) };
}

/** What zod found, as problems with their paths under the ladder. */
export const issuesUnder = (
  prefix: PropertyKey[],
  issues: readonly { path: PropertyKey[]; message: string }[],
): Problem[] =>
  issues.map((issue) => ({ path: [...prefix, ...issue.path], message: issue.message }));

/** The product form's rules: its rungs (count, quantities, prices), then the ladder whole. */
const productLadderProblems =
  (product: { moq: number; packSize: number }) =>
  ({ price, tiers }: Ladder): Problem[] => {
    const rungs = tiersInput.safeParse(tiers);
    if (!rungs.success) return issuesUnder(['tiers'], rungs.error.issues);
    return ladderProblems({ moq: product.moq, packSize: product.packSize, price, tiers });
  };

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

/**
 * A prices file's batch, as both price kinds read it: each line's product by SKU, its ladder
 * read against `problemsOf(product)`, then `decide` says what a good ladder changes, or refuses
 * the line with an error of its own.
 */
export function pricedLines<P extends { id: string; moq: number }>(
  rows: readonly FileRow[],
  found: ReadonlyMap<string, P>,
  decimalComma: boolean,
  problemsOf: (product: P) => (ladder: Ladder) => readonly Problem[],
  decide: (row: FileRow, product: P, tiers: TierCents[]) => CheckedRow | ImportError,
) {
  const checked: CheckedRow[] = [];
  const errors: ImportError[] = [];
  for (const row of rows) {
    const product = found.get(skuOf(row));
    if (!product) {
      errors.push(unknownSku(row));
      continue;
    }
    const ladder = ladderOfLine(
      row.cells,
      row.line,
      product.moq,
      decimalComma,
      problemsOf(product),
    );
    if ('errors' in ladder) {
      errors.push(...ladder.errors);
      continue;
    }
    const outcome = decide(row, product, ladder.tiers);
    if ('message' in outcome) errors.push(outcome);
    else checked.push(outcome);
  }
  return { checked, errors };
}

async function checkPrices(db: Executor, rows: readonly FileRow[], decimalComma: boolean) {
  const found = await bySku(rows, (skus) => productsBySkus(db, skus));
  return pricedLines(rows, found, decimalComma, productLadderProblems, (row, product, tiers) => ({
    line: row.line,
    productId: product.id,
    values: { tiers },
    change: sameLadder(tiers, product.tiers) ? 'unchanged' : 'update',
  }));
}
