import { and, count, eq } from 'drizzle-orm';
import { MAX_COMPANY_PRICES, TOO_MANY_OWN_LADDERS } from '../../../contract/company-prices.ts';
import { STALE_HINT } from '../../../contract/company-price-table.ts';
import {
  ladderInDollars,
  ladderText,
  sameLadder,
  type TierCents,
} from '../../../contract/price-ladder.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { companyPrices } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findCompany } from './price-list.ts';

// One product's own ladder for a company, set or cleared from the dealer-price table. The
// admin names the ladder they edited from, as a stock count names the stock it saw (D17): a
// row changed meanwhile (another admin, a form, an import) is a 409, never overwritten.

const same = (a: readonly TierCents[] | null, b: readonly TierCents[] | null) =>
  a === null || b === null ? a === b : sameLadder(a, b);

const asText = (tiers: readonly TierCents[] | null) =>
  tiers ? ladderText(ladderInDollars(tiers)) : 'the list price';

/** The company's name, discount and how many own ladders it has; a 404 when there is none. */
export async function priceTableCompany(db: Executor, companyId: string) {
  const company = await findCompany(db, companyId);
  const [own] = await db
    .select({ n: count() })
    .from(companyPrices)
    .where(eq(companyPrices.companyId, company.id));
  return { ...company, ownLadders: own?.n ?? 0 };
}

async function ownLadderOf(tx: Executor, companyId: string, productId: string) {
  const [row] = await tx
    .select({ tiers: companyPrices.tiers })
    .from(companyPrices)
    .where(and(eq(companyPrices.companyId, companyId), eq(companyPrices.productId, productId)));
  return row?.tiers ?? null;
}

/**
 * Sets (or with `tiers: null` clears) the company's own ladder for the product, under the
 * company's lock (the whole-set form and an import's apply take the same one), if the ladder
 * is still `tiersWas`. Answers the company's discount and the product's own ladder now.
 */
export async function setOneOwnLadder(
  db: Db,
  admin: AuditActor,
  companyId: string,
  product: { id: string; sku: string },
  edit: { tiers: TierCents[] | null; tiersWas: TierCents[] | null },
) {
  return db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId, true);
    const current = await ownLadderOf(tx, company.id, product.id);
    if (!same(current, edit.tiersWas)) {
      throw new AppError(
        'conflict',
        `The dealer price of ${product.sku} has changed since you opened it: it is now ${asText(current)}. ${STALE_HINT}`,
      );
    }
    const result = { discountMilli: company.discountMilli, own: edit.tiers };
    if (same(current, edit.tiers)) return result;
    const where = and(
      eq(companyPrices.companyId, company.id),
      eq(companyPrices.productId, product.id),
    );
    if (edit.tiers === null) {
      await tx.delete(companyPrices).where(where);
    } else if (current === null) {
      const [own] = await tx
        .select({ n: count() })
        .from(companyPrices)
        .where(eq(companyPrices.companyId, company.id));
      if ((own?.n ?? 0) >= MAX_COMPANY_PRICES)
        throw new AppError('bad_request', TOO_MANY_OWN_LADDERS);
      await tx
        .insert(companyPrices)
        .values({ companyId: company.id, productId: product.id, tiers: edit.tiers });
    } else {
      await tx.update(companyPrices).set({ tiers: edit.tiers, updatedAt: new Date() }).where(where);
    }
    await recordAudit(tx, admin, {
      action: 'company.prices',
      targetType: 'company',
      targetId: company.id,
      summary:
        edit.tiers === null
          ? `Set the dealer price of ${product.sku} for ${company.name} back to the list price (was ${asText(current)})`
          : `Set the dealer price of ${product.sku} for ${company.name}: ${asText(edit.tiers)} (was ${asText(current)})`,
    });
    return result;
  });
}
