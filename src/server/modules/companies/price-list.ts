import { asc, eq, inArray } from 'drizzle-orm';
import type { CompanyPrices, CompanyPricesInput } from '../../../contract/company-prices.ts';
import { discountMilliToPercent, discountPercentToMilli } from '../../../contract/dealer-prices.ts';
import {
  ladderInCents,
  ladderInDollars,
  ladderText,
  type TierCents,
} from '../../../contract/price-ladder.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { companies, companyPrices, products } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';

// A shop admin's side of dealer prices: reading and setting a company's discount and ladders.

/** How many products' ladders the audit line names before "and N more". */
export const NAMED_IN_AUDIT = 5;

export async function findCompany(db: Executor, id: string, forUpdate = false) {
  if (!isUuid(id)) throw notFound('Company');
  const query = db
    .select({ id: companies.id, name: companies.name, discountMilli: companies.discountMilli })
    .from(companies)
    .where(eq(companies.id, id));
  const [company] = forUpdate ? await query.for('update') : await query;
  if (!company) throw notFound('Company');
  return company;
}

async function ownLadders(db: Executor, companyId: string) {
  return db
    .select({
      productId: companyPrices.productId,
      sku: products.sku,
      name: products.name,
      tiers: companyPrices.tiers,
      listTiers: products.tiers,
    })
    .from(companyPrices)
    .innerJoin(products, eq(products.id, companyPrices.productId))
    .where(eq(companyPrices.companyId, companyId))
    .orderBy(asc(products.name), asc(products.id));
}

/** The company's discount and its own ladders, each beside the list ladder it replaces. */
export async function companyPriceList(db: Executor, companyId: string): Promise<CompanyPrices> {
  const company = await findCompany(db, companyId);
  const rows = await ownLadders(db, company.id);
  return {
    companyId: company.id,
    discountPercent: discountMilliToPercent(company.discountMilli),
    products: rows.map((row) => ({
      productId: row.productId,
      sku: row.sku,
      name: row.name,
      tiers: ladderInDollars(row.tiers),
      listTiers: ladderInDollars(row.listTiers),
    })),
  };
}

/**
 * The SKUs of the products named, each of which must exist: a 400 on the first that does not,
 * worded as a field error.
 */
async function skusOf(db: Executor, ids: string[]) {
  const valid = ids.filter(isUuid);
  const rows =
    valid.length === 0
      ? []
      : await db
          .select({ id: products.id, sku: products.sku })
          .from(products)
          .where(inArray(products.id, valid));
  const skus = new Map(rows.map((row) => [row.id, row.sku]));
  const missing = ids.findIndex((id) => !skus.has(id));
  if (missing >= 0) {
    throw new AppError('bad_request', `products.${missing}.productId: No such product`);
  }
  return skus;
}

/** The own ladders an audit line names: "own ladders: SKU 10+ $3.10 · 100+ $2.45; …". */
export function ownLaddersText(
  ladders: readonly { sku: string; tiers: TierCents[] }[],
  total = ladders.length,
) {
  const named = ladders
    .slice(0, NAMED_IN_AUDIT)
    .map(({ sku, tiers }) => `${sku} ${ladderText(ladderInDollars(tiers))}`);
  const more = total > named.length ? `, and ${total - named.length} more` : '';
  return total === 0 ? 'no own ladders' : `own ladders: ${named.join('; ')}${more}`;
}

function pricesSummary(
  name: string,
  discount: { before: number; after: number },
  ladders: { sku: string; tiers: TierCents[] }[] | undefined,
) {
  const percent = (milli: number) => `${discountMilliToPercent(milli)}%`;
  const discountText =
    discount.before === discount.after
      ? `discount ${percent(discount.after)}`
      : `discount ${percent(discount.after)} (was ${percent(discount.before)})`;
  const laddersText = ladders ? ownLaddersText(ladders) : 'own ladders unchanged';
  return `Set the dealer prices of ${name}: ${discountText}; ${laddersText}`;
}

/**
 * Sets the company's discount (unless left out) and replaces its own ladders with the ones
 * given, in one transaction with its line in the audit trail. The company row is locked first,
 * so two admins saving at once leave one whole price list, not a mix.
 */
export async function setCompanyPriceList(
  db: Db,
  admin: AuditActor,
  companyId: string,
  input: CompanyPricesInput,
) {
  await db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId, true);
    if (
      input.discountPercent !== undefined &&
      input.discountPercentWas !== undefined &&
      discountPercentToMilli(input.discountPercentWas) !== company.discountMilli
    ) {
      throw new AppError(
        'conflict',
        `The discount of ${company.name} changed since you opened it: it is now ${discountMilliToPercent(company.discountMilli)}%. Reload the page to see it, then make your change again.`,
      );
    }
    const discountMilli =
      input.discountPercent === undefined
        ? company.discountMilli
        : discountPercentToMilli(input.discountPercent);
    let ladders: { sku: string; tiers: TierCents[] }[] | undefined;
    if (input.products) {
      const skus = await skusOf(
        tx,
        input.products.map((p) => p.productId),
      );
      await tx.delete(companyPrices).where(eq(companyPrices.companyId, company.id));
      const rows = input.products.map(({ productId, tiers }) => ({
        companyId: company.id,
        productId,
        tiers: ladderInCents(tiers),
      }));
      if (rows.length > 0) await tx.insert(companyPrices).values(rows);
      ladders = rows.map((l) => ({ sku: skus.get(l.productId) ?? l.productId, tiers: l.tiers }));
    }
    if (discountMilli !== company.discountMilli) {
      await tx
        .update(companies)
        .set({ discountMilli, updatedAt: new Date() })
        .where(eq(companies.id, company.id));
    }
    await recordAudit(tx, admin, {
      action: 'company.prices',
      targetType: 'company',
      targetId: company.id,
      summary: pricesSummary(
        company.name,
        { before: company.discountMilli, after: discountMilli },
        ladders,
      ),
    });
  });
  return companyPriceList(db, companyId);
}
