import { unitPriceCents } from '../../../contract/price-ladder.ts';
import type { RequestQuoteInput } from '../../../contract/quotes.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { listCartLines } from '../../modules/cart/repository.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import { tiersFor } from '../../modules/companies/prices.ts';
import { toQuote } from '../../modules/quotes/present.ts';
import { insertQuote } from '../../modules/quotes/repository.ts';
import { emitEvent } from '../steps/emit-event.ts';
import { memberPricing } from '../steps/member-pricing.ts';

/**
 * Asks for a quote on the cart as it stands: each line at the price the buyer would pay today
 * (their company's dealer price), for the shop to answer. The cart is left as it is: the buyer
 * may still check it out at those prices meanwhile.
 */
export async function requestQuote(db: Db, user: CurrentUser, input: RequestQuoteInput) {
  const membership = await findMembership(db, user.id);
  const cart = await listCartLines(db, user.id);
  if (cart.length === 0) {
    throw new AppError('conflict', 'Your cart is empty: add the parts you want a quote for.');
  }
  const pricing = await memberPricing(
    db,
    user.id,
    cart.map((line) => line.productId),
    membership ?? null,
  );
  const lines = cart.map((line) => {
    const tiers = tiersFor({ id: line.productId, tiers: line.tiers }, pricing);
    // A line under a minimum raised since it was added is priced at the first rung, as the
    // cart prices it.
    const unit = unitPriceCents(tiers, line.quantity) ?? tiers[0]?.priceCents ?? 1;
    return {
      productId: line.productId,
      sku: line.sku,
      productName: line.name,
      quantity: line.quantity,
      unitPriceCents: Math.max(1, unit),
    };
  });
  const companyName = membership?.companyName ?? null;
  const written = await db.transaction(async (tx) => {
    const quote = await insertQuote(
      tx,
      {
        companyId: membership?.companyId ?? null,
        userId: user.id,
        email: user.email,
        userName: user.name,
        note: input.note,
      },
      lines,
    );
    // The quote as GET /api/quotes/{id} answers it.
    await emitEvent(tx, 'quote.requested', toQuote({ ...quote, companyName }));
    return quote;
  });
  return toQuote({ ...written, companyName });
}
