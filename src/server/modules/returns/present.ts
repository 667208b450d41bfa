import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { ReturnRequest, ReturnStep } from '../../../contract/returns.ts';
import type { Executor } from '../../db/client.ts';
import { linesOfReturns, type ReturnLineRow, type ReturnRow } from './repository.ts';

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

const received = (lines: ReturnLineRow[]) =>
  lines
    .filter((l) => l.restocked + l.scrapped > 0)
    .map(
      (l) =>
        `${l.restocked + l.scrapped} × ${l.name}${l.scrapped ? ` (${l.restocked} restocked, ${l.scrapped} scrapped)` : ''}`,
    )
    .join('; ') || 'nothing';

/** The steps a return has taken, oldest first, from the times its row keeps. */
function stepsOf(row: ReturnRow, lines: ReturnLineRow[]): ReturnStep[] {
  const steps: ReturnStep[] = [
    {
      step: 'requested',
      at: row.createdAt.toISOString(),
      by: row.requestedByEmail,
      detail: lines.map((l) => `${l.quantity} × ${l.name}`).join('; '),
    },
  ];
  if (row.approvedAt) {
    steps.push({
      step: 'approved',
      at: row.approvedAt.toISOString(),
      by: row.approvedBy ?? '',
      detail: row.instructions ?? '',
    });
  }
  if (row.rejectedAt) {
    steps.push({
      step: 'rejected',
      at: row.rejectedAt.toISOString(),
      by: row.rejectedBy ?? '',
      detail: row.rejectReason ?? '',
    });
  }
  if (row.receivedAt) {
    const at = row.receivedAt.toISOString();
    const by = row.receivedBy ?? '';
    steps.push({ step: 'received', at, by, detail: received(lines) });
    if (row.creditNoteNumber !== null && row.refundCents !== null) {
      steps.push({
        step: 'credited',
        at,
        by,
        detail: `Credit note ${row.creditNoteNumber}: ${dollars(row.refundCents)}`,
      });
    }
  }
  if (row.refundedAt && row.refundCents !== null) {
    steps.push({
      step: 'refunded',
      at: row.refundedAt.toISOString(),
      by: row.receivedBy ?? '',
      detail:
        row.refundMethod === 'account'
          ? `${dollars(row.refundCents)} credited to the company's account`
          : `${dollars(row.refundCents)} refunded to the card`,
    });
  }
  return steps;
}

export function toReturn(row: ReturnRow, lines: ReturnLineRow[]): ReturnRequest {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    requestedBy: { name: row.requestedByName, email: row.requestedByEmail },
    lines: lines.map((l) => ({
      productId: l.productId,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      reason: l.reason,
      unitPrice: centsToDollars(l.unitPriceCents),
      restocked: l.restocked,
      scrapped: l.scrapped,
    })),
    note: row.note,
    instructions: row.instructions,
    rejectReason: row.rejectReason,
    refund:
      row.creditNoteNumber !== null && row.refundCents !== null && row.refundMethod !== null
        ? {
            creditNoteNumber: row.creditNoteNumber,
            amount: centsToDollars(row.refundCents),
            method: row.refundMethod,
            refunded: row.refundedAt !== null,
          }
        : null,
    steps: stepsOf(row, lines),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Returns as the API shows them, their lines read in one query. */
export async function presentReturns(db: Executor, rows: ReturnRow[]) {
  const lines = await linesOfReturns(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toReturn(row, lines.get(row.id) ?? []));
}

export const presentReturn = async (db: Executor, row: ReturnRow) =>
  (await presentReturns(db, [row]))[0]!;
