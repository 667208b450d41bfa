import { z } from 'zod';
import { priceTier } from './catalog.ts';
import { ladderOrderProblems, tiersInput } from './product-input.ts';

/** The most products a company can have its own ladders for. */
export const MAX_COMPANY_PRICES = 1000;
export const TOO_MANY_OWN_LADDERS = `A company has its own ladders for ${MAX_COMPANY_PRICES} products at most`;

const discountPercent = z
  .number({ error: 'Discount: enter a percentage' })
  .min(0, 'Discount cannot be negative')
  .max(100, 'Discount must be at most 100%')
  .refine(
    (n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6,
    'Discount has at most 3 decimals',
  );

/**
 * A company's own ladder for one product: ascending quantities, never dearer per piece. The
 * dealer-price form and a dealer-prices import both check a ladder by it.
 */
export const ownLadder = z
  .object({ productId: z.string().min(1, 'Choose a product').max(100), tiers: tiersInput })
  .superRefine(({ tiers }, ctx) => {
    for (const { path, message } of ladderOrderProblems(tiers)) {
      ctx.addIssue({ code: 'custom', path, message });
    }
  });

/**
 * What a shop admin sets (PUT: the products listed are the company's whole set of own ladders;
 * a product left out is priced by the discount again). Without `discountPercent` the discount
 * stays as it is; without `products` the own ladders do (the company page sets the discount
 * alone, and the dealer-price table one ladder at a time, so neither overwrites the other).
 */
export const companyPricesInput = z
  .object({
    discountPercent: discountPercent.optional(),
    discountPercentWas: z
      .number()
      .optional()
      .describe(
        'the discount the admin was shown (the discount form sends it); with a new discount, a 409 when it has changed since',
      ),
    products: z.array(ownLadder).max(MAX_COMPANY_PRICES, TOO_MANY_OWN_LADDERS).optional(),
  })
  .superRefine(({ products = [] }, ctx) => {
    const seen = new Set<string>();
    products.forEach(({ productId }, i) => {
      if (seen.has(productId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['products', i, 'productId'],
          message: 'This product is listed twice',
        });
      }
      seen.add(productId);
    });
  });
export type CompanyPricesInput = z.infer<typeof companyPricesInput>;

/** A company's dealer prices: its discount and its own ladders, beside each list ladder. */
export const companyPrices = z.object({
  companyId: z.string(),
  discountPercent: z.number().describe('off every list ladder, unless a product has its own'),
  products: z.array(
    z.object({
      productId: z.string(),
      sku: z.string(),
      name: z.string(),
      tiers: z.array(priceTier).describe("the company's own ladder (dollars)"),
      listTiers: z.array(priceTier).describe('the list ladder it replaces'),
    }),
  ),
});
export type CompanyPrices = z.infer<typeof companyPrices>;
