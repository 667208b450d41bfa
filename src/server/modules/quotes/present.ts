import type { QuoteStatus } from '../../../contract/company-kinds.ts';
import { centsToDollars } from '../../../contract/money.ts';
import { lineTotalCents } from '../../../contract/price-ladder.ts';
import type { Quote } from '../../../contract/quotes.ts';
import type { QuoteRow, QuoteView } from './repository.ts';

/** Whether the quoted prices no longer hold: quoted, and its expiry has passed. */
export const hasExpired = (row: Pick<QuoteRow, 'status' | 'expiresAt'>, now = new Date()) =>
  row.status === 'quoted' && row.expiresAt !== null && row.expiresAt <= now;

/** The status as people see it: a quoted quote past its expiry is expired (nothing is written). */
export const statusOf = (row: QuoteRow, now = new Date()): QuoteStatus =>
  hasExpired(row, now) ? 'expired' : row.status;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toQuote({ row, lines, companyName }: QuoteView, now = new Date()): Quote {
  const priced = lines.map((line) => ({
    line,
    totalCents: lineTotalCents(line.unitPriceCents, line.quantity),
  }));
  return {
    _id: row.id,
    number: row.number,
    status: statusOf(row, now),
    lines: priced.map(({ line, totalCents }) => ({
      productId: line.productId,
      sku: line.sku,
      name: line.productName,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
      lineTotal: centsToDollars(totalCents),
    })),
    total: centsToDollars(priced.reduce((sum, p) => sum + p.totalCents, 0)),
    note: row.note,
    shopNote: row.shopNote,
    expiresAt: iso(row.expiresAt),
    company: row.companyId ? { _id: row.companyId, name: companyName ?? '' } : null,
    requestedBy: { name: row.userName, email: row.email },
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    quotedAt: iso(row.quotedAt),
    decidedAt: iso(row.decidedAt),
  };
}
