import type { PriceTableRow } from '../../../contract/company-price-table.ts';
import { dealerTiers, discountMilliToPercent } from '../../../contract/dealer-prices.ts';
import { ladderInCents, ladderInDollars, type TierCents } from '../../../contract/price-ladder.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import {
  partsForPriceTable,
  pricedPart,
  type PricedPart,
} from '../../modules/catalog/price-table-parts.ts';
import { priceTableCompany, setOneOwnLadder } from '../../modules/companies/own-ladder.ts';
import { ownLaddersFor } from '../../modules/companies/prices.ts';
import { pageOf } from '../../lib/paging.ts';

// The dealer-price table (issue 35, docs/decisions/0043): a page of the catalogue's products,
// each beside the company's own ladder for it, and one row's own ladder set or cleared.

function rowOf(part: PricedPart, own: TierCents[] | null, discountMilli: number): PriceTableRow {
  return {
    productId: part.id,
    sku: part.sku,
    name: part.name,
    category: part.category,
    listTiers: ladderInDollars(part.tiers),
    ownTiers: own ? ladderInDollars(own) : null,
    tiers: ladderInDollars(dealerTiers(part.tiers, own ?? undefined, discountMilli)),
  };
}

export function priceTableHandlers({
  db,
  cache,
}: {
  db: Db;
  cache: ReadCache;
}): Handlers<'getCompanyPriceTable' | 'setCompanyProductPrice'> {
  return {
    getCompanyPriceTable: async ({ params, query }) => {
      const company = await priceTableCompany(db, params.id);
      const { rows, total } = await partsForPriceTable(db, cache, query);
      const own = await ownLaddersFor(
        db,
        company.id,
        rows.map((row) => row.id),
      );
      const data = rows.map((row) => rowOf(row, own.get(row.id) ?? null, company.discountMilli));
      return {
        ...pageOf(data, total, query.page, query.limit),
        companyId: company.id,
        companyName: company.name,
        discountPercent: discountMilliToPercent(company.discountMilli),
        ownLadders: company.ownLadders,
      };
    },
    setCompanyProductPrice: async ({ user, params, body }) => {
      const part = await pricedPart(db, cache, params.productId);
      if (!part) throw notFound('Product');
      const set = await setOneOwnLadder(db, user, params.id, part, {
        tiers: body.tiers ? ladderInCents(body.tiers) : null,
        tiersWas: body.tiersWas ? ladderInCents(body.tiersWas) : null,
      });
      return rowOf(part, set.own, set.discountMilli);
    },
  };
}
