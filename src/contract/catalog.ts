import { z } from 'zod';

/** A rung of a price ladder as the API sends it: this unit price (dollars) from this quantity. */
export const priceTier = z.object({
  minQuantity: z.number().int(),
  price: z.number().describe('dollars per piece'),
});
export type PriceTier = z.infer<typeof priceTier>;

export const attributeValue = z.union([z.string(), z.number(), z.boolean()]);

export const availabilities = ['in_stock', 'low_stock', 'out_of_stock', 'backorder'] as const;
export const availability = z.enum(availabilities);
export type Availability = z.infer<typeof availability>;

/** Whether a part may be ordered beyond its stock, and when more is expected (a date). */
export const backorderInfo = z.object({
  allowed: z.boolean().describe('an order line may ask for more than the stock'),
  expectedAt: z
    .string()
    .nullable()
    .describe('YYYY-MM-DD: when the shop expects more; null when it does not say'),
});
export type BackorderInfo = z.infer<typeof backorderInfo>;

/**
 * Out of stock at none, low under the shop's LOW_STOCK_AT, else in stock; a part that allows
 * backorders is `backorder` when none is left, or when so little is left that one minimum order
 * is short (`moq`).
 */
export const availabilityOf = (
  stock: number,
  lowStockAt: number,
  backorder?: { allowed: boolean; moq?: number },
): Availability =>
  backorder?.allowed && stock < Math.max(1, backorder.moq ?? 1)
    ? 'backorder'
    : stock <= 0
      ? 'out_of_stock'
      : stock < lowStockAt
        ? 'low_stock'
        : 'in_stock';

export const product = z.object({
  _id: z.string(),
  sku: z.string().describe('stock keeping unit, unique regardless of case'),
  name: z.string(),
  img: z.string(),
  desc: z.string(),
  price: z.number().describe("dollars: the first tier's unit price"),
  stock: z.number().int(),
  moq: z.number().int().describe('minimum order quantity'),
  packSize: z.number().int().describe('quantities are a multiple of this'),
  tiers: z
    .array(priceTier)
    .describe('the price ladder, ascending in minQuantity; the first starts at moq'),
  weightGrams: z.number().int().describe('what one piece weighs; the cart weighs its shipping'),
  brand: z.object({ _id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  category: z
    .object({
      _id: z.string(),
      slug: z.string(),
      name: z.string(),
      path: z
        .array(z.object({ slug: z.string(), name: z.string() }))
        .describe('from the top category down to this one'),
    })
    .nullable(),
  mpn: z.string().nullable().describe('manufacturer part number'),
  gtin: z.string().nullable().describe('EAN-13, UPC-A or GTIN-14'),
  attributes: z
    .record(z.string(), z.union([attributeValue, z.array(attributeValue)]))
    .describe('keyed by attribute key: a value, or a list of them for a multi attribute'),
  availability,
  backorder: backorderInfo,
  familyId: z.string().nullable(),
  bin: z
    .string()
    .optional()
    .describe('where the part sits in the warehouse ("B-10"); left out when it has none'),
});
export type Product = z.infer<typeof product>;

/** One variant of a family as the product page's selector and size grid show it. */
export const variant = z.object({
  _id: z.string(),
  sku: z.string(),
  attributes: product.shape.attributes,
  price: z.number().describe("dollars: the first tier's unit price"),
  tiers: product.shape.tiers,
  moq: product.shape.moq,
  packSize: product.shape.packSize,
  stock: z.number().int(),
  availability,
});
export type Variant = z.infer<typeof variant>;

/** GET /tools/{id}: the product, with its family's variants (itself among them). */
export const productDetail = product.extend({
  family: z
    .object({
      _id: z.string(),
      name: z.string(),
      axes: z.array(z.string()),
      variants: z.array(variant),
    })
    .nullable(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const productDeleted = z.object({
  deleted: z.literal(true),
  _id: z.string(),
  name: z.string(),
});
