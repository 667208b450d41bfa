import {
  returnReasonLabels,
  type ReceiveReturnInput,
  type ReturnRequestInput,
} from '../../../contract/returns.ts';
import { AppError } from '../../errors.ts';
import type { NewReturnLine, ReturnLineRow } from './repository.ts';

const DAY_MS = 86_400_000;

/** An order line as a return sees it: what shipped, when last, and what is asked back already. */
export type ReturnableLine = {
  lineNo: number;
  productId: string | null;
  sku: string;
  name: string;
  unitPriceCents: number;
  shipped: number;
  asked: number;
  lastShippedAt: Date | undefined;
};

const bad = (message: string) => new AppError('bad_request', message);

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The lines of a new return, checked against the order: each part once, at most what shipped
 * less what is returned or asked for already, and after `days` from the part's last shipment
 * only under warranty. Every refusal is a 400 that says which part and why.
 */
export function checkRequestLines(
  asked: ReturnRequestInput['lines'],
  returnable: ReturnableLine[],
  { days, now }: { days: number; now: Date },
): NewReturnLine[] {
  const seen = new Set<string>();
  return asked.map(({ productId, quantity, reason }) => {
    const line = returnable.find((l) => l.productId === productId);
    if (!line) throw bad(`This order has no part ${productId}`);
    if (seen.has(productId))
      throw bad(`${line.name} (${line.sku}) is listed twice: list each part once`);
    seen.add(productId);
    const left = Math.max(0, line.shipped - line.asked);
    if (quantity > left) {
      throw bad(
        line.shipped === 0
          ? `${line.name} (${line.sku}) has not shipped yet, so it cannot be returned`
          : `You can return at most ${left} of ${line.name} (${line.sku}): ${line.shipped} shipped, ${line.asked} returned or asked for already`,
      );
    }
    const shippedAt = line.lastShippedAt;
    if (reason !== 'warranty' && shippedAt && now.getTime() - shippedAt.getTime() > days * DAY_MS) {
      throw bad(
        `${line.name} (${line.sku}) shipped on ${day(shippedAt)}, more than ${days} days ago: it can now be returned only under warranty, not as "${returnReasonLabels[reason]}"`,
      );
    }
    return {
      lineNo: line.lineNo,
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      quantity,
      reason,
      unitPriceCents: line.unitPriceCents,
    };
  });
}

export type ReceivedLine = {
  lineNo: number;
  productId: string | null;
  restocked: number;
  scrapped: number;
};

/**
 * What arrived, line by line, checked against what the return asked for: a part may come in
 * two conditions, but never more of it than was asked. Lines not named did not arrive (0).
 */
export function checkReceivedLines(
  received: ReceiveReturnInput['lines'],
  lines: ReturnLineRow[],
): ReceivedLine[] {
  const out = new Map<number, ReceivedLine>(
    lines.map((l) => [
      l.lineNo,
      { lineNo: l.lineNo, productId: l.productId, restocked: 0, scrapped: 0 },
    ]),
  );
  for (const { productId, quantity, condition } of received) {
    const line = lines.find((l) => l.productId === productId);
    if (!line) throw bad(`This return has no part ${productId}`);
    const got = out.get(line.lineNo)!;
    if (condition === 'restock') got.restocked += quantity;
    else got.scrapped += quantity;
    if (got.restocked + got.scrapped > line.quantity) {
      throw bad(
        `${line.name} (${line.sku}): ${got.restocked + got.scrapped} received, but the return asked for ${line.quantity}`,
      );
    }
  }
  return [...out.values()];
}
