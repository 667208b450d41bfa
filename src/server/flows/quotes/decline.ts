import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { toQuote } from '../../modules/quotes/present.ts';
import { lockQuote, viewsOf, writeDecision } from '../../modules/quotes/repository.ts';
import { assertOpen, onBuyerSide, visibleQuote } from '../../modules/quotes/service.ts';
import { viewerOf } from './read.ts';

/**
 * Declines a quote, from either side: the buyer's (any member of its company, or the buyer)
 * or the shop's. Declining it again changes nothing; an accepted quote stands (409).
 * `byShop`: this call declined it for the shop, and the buyer is to hear of it.
 */
export async function declineQuote(db: Db, user: CurrentUser, id: string) {
  if (!isUuid(id)) throw notFound('Quote');
  const { viewer } = await viewerOf(db, user);
  const { row, byShop } = await db.transaction(async (tx) => {
    const quote = visibleQuote(await lockQuote(tx, id), viewer);
    assertOpen(quote, 'decline');
    if (quote.status === 'declined') return { row: quote, byShop: false };
    const declined = await writeDecision(tx, id, { status: 'declined', decidedBy: user.id });
    return { row: declined, byShop: !onBuyerSide(quote, viewer) };
  });
  const [view] = await viewsOf(db, [row]);
  return { quote: toQuote(view!), byShop };
}
