import {
  MAX_COMPANY_PRICES,
  ownLadder,
  TOO_MANY_OWN_LADDERS,
} from '../../../contract/company-prices.ts';
import { priceColumns } from '../../../contract/csv-cells.ts';
import type { ImportError } from '../../../contract/imports.ts';
import type { TierCents } from '../../../contract/price-ladder.ts';
import { FIRST_TIER_PRICE } from '../../../contract/product-input.ts';
import { dollarsToCents } from '../../../contract/money.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { productsBySkus } from '../../modules/catalog/by-sku.ts';
import {
  companyForPrices,
  lockCompanyForPrices,
  recordImportedPrices,
  setOwnLadders,
} from '../../modules/companies/imported-prices.ts';
import { NAMED_IN_AUDIT } from '../../modules/companies/price-list.ts';
import { ownLaddersFor } from '../../modules/companies/prices.ts';
import {
  bySku,
  type ApplyBatch,
  type CheckedRow,
  type FileRow,
  type ImportKindRules,
} from './file-rows.ts';
import { issuesUnder, pricedLines, sameLadder } from './price-rows.ts';

/**
 * The dealer-price form's rules for one product's own ladder (ownLadder), and the file's own:
 * the `price` cell is the first rung's price.
 */
const ownLadderProblems =
  (productId: string) =>
  ({ price, tiers }: { price: number; tiers: { minQuantity: number; price: number }[] }) => {
    const parsed = ownLadder.safeParse({ productId, tiers });
    if (!parsed.success) return issuesUnder([], parsed.error.issues);
    const first = tiers[0];
    return first && dollarsToCents(first.price) !== dollarsToCents(price)
      ? [{ path: ['tiers', 0, 'price'], message: FIRST_TIER_PRICE }]
      : [];
  };

/**
 * `sku,price,tiers` for one company (the import's `companyId`): each line sets that company's
 * own ladder for the product, as the company's dealer-price form does, and leaves its other
 * products' ladders and its discount as they are. A line for a product without an own ladder
 * yet creates one.
 */
export const dealerPriceRules: ImportKindRules = {
  required: ['sku', 'price'],
  begin: async (db, { companyId }) => {
    if (!companyId) throw new AppError('bad_request', 'companyId: choose the company');
    // An unknown company is a 400 here, before any line is read.
    const company = await companyForPrices(db, companyId);
    let ownLadders = company.ownLadders;
    return {
      knows: (column) => (priceColumns as readonly string[]).includes(column),
      check: async (rows, { decimalComma }) => {
        const result = await checkDealerPrices(db, company.id, rows, decimalComma, ownLadders);
        ownLadders += result.checked.filter((c) => c.change === 'create').length;
        return result;
      },
    };
  },
  beginApply: async (tx, { importId, companyId, actor }) => {
    const company = companyId ? await lockCompanyForPrices(tx, companyId) : undefined;
    if (!company) throw new Error(`The company of import ${importId} is gone`);
    const named: { sku: string; tiers: TierCents[] }[] = [];
    let total = 0;
    const apply: ApplyBatch = async (rows) => {
      const ladders = rows.flatMap((row) =>
        row.productId ? [{ productId: row.productId, tiers: row.values.tiers as TierCents[] }] : [],
      );
      await setOwnLadders(tx, company.id, ladders);
      total += ladders.length;
      for (const row of rows.slice(0, NAMED_IN_AUDIT - named.length)) {
        named.push({ sku: String(row.values.sku), tiers: row.values.tiers as TierCents[] });
      }
    };
    apply.finish = () =>
      recordImportedPrices(tx, { id: actor.id ?? '', email: actor.name }, company, importId, {
        named,
        total,
      });
    return apply;
  },
};

async function checkDealerPrices(
  db: Executor,
  companyId: string,
  rows: readonly FileRow[],
  decimalComma: boolean,
  ownLaddersBefore: number,
) {
  const found = await bySku(rows, (skus) => productsBySkus(db, skus));
  const own = await ownLaddersFor(
    db,
    companyId,
    [...found.values()].map((p) => p.id),
  );
  let ownLadders = ownLaddersBefore;
  return pricedLines(
    rows,
    found,
    decimalComma,
    (product) => ownLadderProblems(product.id),
    (row, product, tiers): CheckedRow | ImportError => {
      const before = own.get(product.id);
      if (!before && ownLadders >= MAX_COMPANY_PRICES) {
        return { line: row.line, column: 'sku', message: TOO_MANY_OWN_LADDERS };
      }
      if (!before) ownLadders++;
      return {
        line: row.line,
        productId: product.id,
        values: { sku: product.sku, tiers },
        change: !before ? 'create' : sameLadder(tiers, before) ? 'unchanged' : 'update',
      };
    },
  );
}
