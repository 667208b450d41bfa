import { z } from 'zod';
import { priceTier } from './catalog.ts';
import { pageInfo, pagingQuery } from './common.ts';
import { ladderOrderProblems, seenLadder, tiersInput } from './product-input.ts';

// A company's dealer prices as a table (issue 35): every product of the catalogue, a page at a
// time, with its list ladder, the company's own ladder when it has one, and what the company's
// members pay. One row is edited at a time, naming the ladder it was edited from.

/** Rows a page of the table shows. */
export const PRICE_TABLE_PAGE_SIZE = 50;

export const priceTableQuery = pagingQuery.extend({
  q: z.string().trim().max(100).optional().describe('part of the SKU or the name (any case)'),
  category: z.string().trim().max(80).optional().describe('a category slug: it and all below it'),
});
export type PriceTableQuery = z.infer<typeof priceTableQuery>;

export const priceTableRow = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  category: z.string().nullable().describe("the category's name"),
  listTiers: z.array(priceTier).describe('the list ladder (dollars)'),
  ownTiers: z
    .array(priceTier)
    .nullable()
    .describe("the company's own ladder; null: priced by the list ladder less its discount"),
  tiers: z.array(priceTier).describe("what the company's members pay (dollars)"),
});
export type PriceTableRow = z.infer<typeof priceTableRow>;

export const priceTable = pageInfo.extend({
  companyId: z.string(),
  companyName: z.string(),
  discountPercent: z.number(),
  ownLadders: z.number().int().describe('how many products have their own ladder'),
  data: z.array(priceTableRow),
});
export type PriceTable = z.infer<typeof priceTable>;

// What the admin saw: read back as sent, compared in cents on the server.

export const STALE_HINT = 'Reload the row to see it, then make your change again.';

/**
 * One product's own ladder set, or cleared (`tiers: null`: back to the list price less the
 * discount). `tiersWas` is the own ladder the admin edited from (null: it had none); when the
 * row has changed since, the write is refused with a 409 rather than overwriting it.
 */
export const ownLadderEdit = z
  .object({
    tiers: tiersInput.nullable(),
    tiersWas: seenLadder.nullable(),
  })
  .superRefine(({ tiers }, ctx) => {
    for (const { path, message } of ladderOrderProblems(tiers ?? [])) {
      ctx.addIssue({ code: 'custom', path, message });
    }
  });
export type OwnLadderEdit = z.infer<typeof ownLadderEdit>;
