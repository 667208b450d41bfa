import type { CancelInput } from '../../../contract/order-delivery.ts';
import { AppError } from '../../errors.ts';
import type { OrderLineRow } from './repository.ts';

type NamedLine = Pick<OrderLineRow, 'lineNo' | 'productId' | 'sku' | 'productName'>;

/**
 * The pieces a cancel asks for, summed by line number (a part may be named twice): a 400 for a
 * part the order does not have, and for more pieces than a line can give (`most`).
 */
export function piecesAskedByLine(
  lines: readonly { line: NamedLine; most: number }[],
  asked: NonNullable<CancelInput['lines']>,
) {
  const byLine = new Map<number, number>();
  for (const { productId, quantity } of asked) {
    const of = lines.find((l) => l.line.productId === productId);
    if (!of) throw new AppError('bad_request', `${productId} is not a line of this order.`);
    byLine.set(of.line.lineNo, (byLine.get(of.line.lineNo) ?? 0) + quantity);
  }
  for (const { line, most } of lines) {
    const quantity = byLine.get(line.lineNo) ?? 0;
    if (quantity <= most) continue;
    const can = most === 0 ? 'none can be cancelled' : `only ${most} can be cancelled`;
    throw new AppError(
      'bad_request',
      `Line ${line.lineNo} (${line.sku}, ${line.productName}): ${can}, not ${quantity}.`,
    );
  }
  return byLine;
}
