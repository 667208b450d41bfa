import { sumLineTotals } from '../../../contract/price-ladder.ts';
import type { NewLine, NewOrder } from './repository.ts';

/** How many parts' names an order of several parts shows before "…". */
const NAMES_SHOWN = 3;

/** "3 parts: Chain Wear Checker, Spoke Key, Cone Wrench" (more than three end in "…"). */
export function multiPartName(names: string[]) {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return `${names.length} parts: ${shown}${names.length > NAMES_SHOWN ? ', …' : ''}`;
}

type SummedLine = Pick<NewLine, 'productId' | 'productName' | 'quantity' | 'unitPriceCents'> & {
  lineTotalCents: number;
};

/**
 * What the order row says of its lines: a one-line order names its product and unit price; one
 * of several parts has none (null), a name like "3 parts: …" and the summed quantity. The goods'
 * total is the sum of the line totals.
 */
export function orderSummary(
  lines: readonly SummedLine[],
): Pick<NewOrder, 'productId' | 'productName' | 'unitPriceCents' | 'quantity' | 'totalCents'> {
  const only = lines.length === 1 ? lines[0] : undefined;
  return {
    productId: only ? only.productId : null,
    productName: only ? only.productName : multiPartName(lines.map((l) => l.productName)),
    unitPriceCents: only ? only.unitPriceCents : null,
    quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    totalCents: sumLineTotals(lines),
  };
}
