import { AppError, notFound } from '../../errors.ts';
import type { QuoteRow } from './repository.ts';

// Who may do what with a quote, and which of its states allow it: the rules the flows apply
// to a quote row they have locked.

/** Who is asking: their account, whether they are a shop admin, and their company if any. */
export type Viewer = { userId: string; admin: boolean; companyId: string | undefined };

/** The buyer's side: the company's members, or the buyer who asked when they had no company. */
export const onBuyerSide = (row: QuoteRow, v: Viewer) =>
  row.companyId ? row.companyId === v.companyId : row.userId === v.userId;

/** The quote if the viewer may see it; 404 otherwise, as for one that does not exist. */
export function visibleQuote(row: QuoteRow | undefined, v: Viewer): QuoteRow {
  if (!row || !(v.admin || onBuyerSide(row, v))) throw notFound('Quote');
  return row;
}

/** "2026-12-31": the day, as the expiry refusal names it. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Why this quote cannot be accepted now (one not yet accepted); undefined when it can. The
 * caller answers the order of an accepted quote before asking.
 */
export function acceptRefusal(row: QuoteRow, v: Viewer, now = new Date()) {
  if (!onBuyerSide(row, v)) {
    const who = row.companyId ? "the buyer's company" : 'the buyer who asked';
    return new AppError('forbidden', `Only ${who} can accept this quote.`);
  }
  if (row.status === 'declined') return new AppError('conflict', 'This quote was declined.');
  if (row.status === 'requested') {
    return new AppError('conflict', 'This quote has not been answered yet.');
  }
  // Quoted, or accepted with an order that expired unpaid: either way its prices must hold.
  if (row.expiresAt !== null && row.expiresAt <= now) {
    return new AppError('conflict', `This quote expired on ${dayOf(row.expiresAt)}.`);
  }
  return undefined;
}

/** An accepted quote stands: its order is where it goes from there. */
export function assertOpen(row: QuoteRow, doing: 'answer' | 'decline') {
  if (row.status === 'accepted') {
    throw new AppError(
      'conflict',
      doing === 'answer'
        ? 'This quote was accepted: its order stands as quoted.'
        : 'This quote was accepted: cancel its order instead.',
    );
  }
  if (doing === 'answer' && row.status === 'declined') {
    throw new AppError('conflict', 'This quote was declined: the buyer can ask for a new one.');
  }
}
