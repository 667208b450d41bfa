import type { Order } from '../../../contract/orders.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { findDefaultAddress } from '../../modules/addresses/repository.ts';
import { presentOrder, toOrder } from '../../modules/orders/present.ts';
import { findOrder, linkOrderToQuote, lockOrder } from '../../modules/orders/repository.ts';
import type { Membership } from '../../modules/companies/membership.ts';
import {
  lockQuote,
  quoteLinesOf,
  writeDecision,
  type QuoteRow,
} from '../../modules/quotes/repository.ts';
import { acceptRefusal, visibleQuote } from '../../modules/quotes/service.ts';
import {
  placeOrder,
  placingTransaction,
  refusalMessage,
  type PlaceDeps,
} from '../steps/place-order.ts';
import { viewerOf } from './read.ts';

/** The order accepting made, and whether this call made it (201) or an earlier one did (200). */
export type Accepted = { order: Order; placedNow: boolean };

/**
 * The order of a quote being accepted, in the accepting transaction (the quote's row locked):
 * its lines at the quoted prices, reserved, linked to the quote, and on hold for approval when
 * over the buyer's spending limit. A line whose product has gone refuses it all.
 */
async function placeQuotedOrder(
  tx: Executor,
  deps: PlaceDeps,
  user: CurrentUser,
  quote: QuoteRow,
  membership: Membership | null,
) {
  const lines = await quoteLinesOf(tx, quote.id);
  const gone = lines.find((line) => line.productId === null);
  if (gone) {
    throw new AppError(
      'conflict',
      `${gone.sku} ${gone.productName} is no longer sold: ask us for a new quote.`,
    );
  }
  // Card or account is chosen on the payment page, as for any unpaid order.
  return placeOrder(tx, deps, user, {
    lines: lines.map((line) => ({
      productId: line.productId!,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    membership,
    shipTo: await findDefaultAddress(tx, user.id, 'shipping'),
    quoteId: quote.id,
  });
}

/**
 * Whether the order an accepted quote made no longer stands for it: it expired unpaid (its
 * stock went back; its link is dropped) or its buyer deleted it. The quote, while its prices
 * hold, can then be accepted again. Any other order (unpaid, paid, cancelled, rejected) is the
 * quote's answer for good.
 */
async function releaseLapsedOrder(tx: Executor, orderId: string) {
  const order = await lockOrder(tx, orderId);
  if (order && order.status !== 'expired') return false;
  if (order) await linkOrderToQuote(tx, orderId, null);
  return true;
}

/**
 * Accepts a quote: one order at the quoted prices and quantities, its stock reserved, shipped
 * to the buyer's default address by the cheapest method (as a one-line order is), for the
 * company when the quote is the company's. From there it is an unpaid order like any other:
 * its ship-to can change, and it is paid by card or charged to the account; over a buyer's
 * spending limit it waits for approval first.
 *
 * The quote's row is locked first, so accepts of one quote (from any process) go one at a
 * time: the first makes the order and writes its id on the quote, and every later one answers
 * that order (until it lapses: see releaseLapsedOrder). order.quote_id is unique besides, so no path can make
 * a second while the first stands.
 */
export async function acceptQuote(
  deps: PlaceDeps,
  user: CurrentUser,
  id: string,
): Promise<Accepted> {
  const { db } = deps;
  if (!isUuid(id)) throw notFound('Quote');
  const { viewer, membership } = await viewerOf(db, user);
  const outcome = await placingTransaction(deps, async (tx) => {
    const quote = visibleQuote(await lockQuote(tx, id), viewer);
    if (quote.orderId && !(await releaseLapsedOrder(tx, quote.orderId))) {
      return { kind: 'again', orderId: quote.orderId } as const;
    }
    const refusal = acceptRefusal(quote, viewer);
    if (refusal) throw refusal;
    // The company's quote is ordered for it; one asked without a company, for the buyer.
    const buyer = quote.companyId ? (membership ?? null) : null;
    const placed = await placeQuotedOrder(tx, deps, user, quote, buyer);
    if (!placed.placed) return { kind: 'refused', problems: placed.problems } as const;
    await writeDecision(tx, id, {
      status: 'accepted',
      decidedBy: user.id,
      orderId: placed.row.id,
    });
    return { kind: 'placed', ...placed } as const;
  });
  if (outcome.kind === 'placed') {
    return { order: toOrder(outcome.row, outcome.lines, outcome.extras), placedNow: true };
  }
  if (outcome.kind === 'refused') throw new AppError('conflict', refusalMessage(outcome.problems));
  const earlier = await findOrder(db, outcome.orderId);
  if (!earlier) throw new AppError('conflict', 'The order this quote made has since been deleted.');
  return { order: await presentOrder(db, earlier), placedNow: false };
}
