import { parseMediaPath } from './product-images.ts';
import { z } from 'zod';
import { attributeValue, type PriceTier } from './catalog.ts';
import { gtinCode } from './gtin.ts';
import { dollarsToCents } from './money.ts';
import { MIN_ORDER_QUANTITY } from './order-rules.ts';

// What an admin sends to add or change a product, and the rules of its price ladder.

const productName = z
  .string()
  .trim()
  .min(1, 'Please enter the product name')
  .max(120, 'Name is too long (120 characters at most)');

const priceDollars = z
  .number({ error: 'Please enter a price' })
  .positive('Price must be more than 0')
  .max(100_000, 'Price must be at most $100,000')
  // A whole number of cents, and at least one: a tiny positive (5e-324) would round to $0.
  .refine(
    (n) => n <= 0 || (dollarsToCents(n) >= 1 && Math.abs(dollarsToCents(n) - n * 100) < 1e-6),
    'Price has at most 2 decimals',
  );

const stockCount = z
  .number({ error: 'Please enter the stock' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(10_000_000, 'Stock is too large');

export const MAX_MOQ = 100_000;
export const MAX_PACK_SIZE = 10_000;
export const MAX_TIERS = 10;

const skuCode = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Please enter the SKU')
  .max(40, 'SKU is too long (40 characters at most)')
  .regex(/^[A-Z0-9][A-Z0-9._-]*$/, 'SKU: letters, digits, dots, dashes and underscores only');

const moqCount = z
  .number({ error: 'Please enter the minimum order' })
  .int('Minimum order must be a whole number')
  .min(1, 'Minimum order must be at least 1')
  .max(MAX_MOQ, `Minimum order must be at most ${MAX_MOQ}`);

const packCount = z
  .number({ error: 'Please enter the pack size' })
  .int('Pack size must be a whole number')
  .min(1, 'Pack size must be at least 1')
  .max(MAX_PACK_SIZE, `Pack size must be at most ${MAX_PACK_SIZE}`);

export const MAX_WEIGHT_GRAMS = 1_000_000;

const weightGrams = z
  .number({ error: 'Please enter the weight in grams' })
  .int('Weight must be a whole number of grams')
  .min(0, 'Weight cannot be negative')
  .max(MAX_WEIGHT_GRAMS, 'Weight must be at most 1,000,000 grams (1 tonne)');

const tierInput = z.object({
  minQuantity: z
    .number({ error: 'Please enter a quantity' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(1_000_000, 'Quantity is too large'),
  price: priceDollars,
});

export const tiersInput = z
  .array(tierInput)
  .min(1, 'A price ladder needs at least one tier')
  .max(MAX_TIERS, `A price ladder has at most ${MAX_TIERS} tiers`);

/** A file's `price` is its ladder's first rung: the form and an import say so alike. */
export const FIRST_TIER_PRICE = "The first tier's price is the price";

type Ladder = { moq: number; packSize: number; price: number; tiers: PriceTier[] };

/**
 * What is wrong with a product's minimum, pack size and ladder taken together, each with the
 * field it belongs to. The same check runs on Add Product, on a whole patched product on the
 * server, and in the admin forms.
 */
export function ladderProblems({ moq, packSize, price, tiers }: Ladder) {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (moq % packSize !== 0) {
    problems.push({
      path: ['moq'],
      message: `The minimum must be a whole number of packs of ${packSize}: try ${Math.max(1, Math.ceil(moq / packSize)) * packSize}`,
    });
  }
  const first = tiers[0];
  if (first && first.minQuantity !== moq) {
    problems.push({
      path: ['tiers', 0, 'minQuantity'],
      message: `The first tier starts at the minimum order (${moq})`,
    });
  }
  if (first && dollarsToCents(first.price) !== dollarsToCents(price)) {
    problems.push({ path: ['tiers', 0, 'price'], message: FIRST_TIER_PRICE });
  }
  return [...problems, ...ladderOrderProblems(tiers)];
}

/**
 * What is wrong with the order of a ladder's rungs: each starts above the one before and costs
 * no more per piece. A product's ladder and a company's own ladder (dealer prices) both keep it.
 */
export function ladderOrderProblems(tiers: readonly PriceTier[]) {
  const problems: { path: (string | number)[]; message: string }[] = [];
  tiers.forEach((tier, i) => {
    const before = tiers[i - 1];
    if (!before) return;
    if (tier.minQuantity <= before.minQuantity) {
      problems.push({
        path: ['tiers', i, 'minQuantity'],
        message: `Each tier starts above the one before (${before.minQuantity})`,
      });
    }
    if (dollarsToCents(tier.price) > dollarsToCents(before.price)) {
      problems.push({
        path: ['tiers', i, 'price'],
        message: 'A larger quantity cannot cost more per piece',
      });
    }
  });
  return problems;
}

/**
 * The spec's "Product image link": an http(s) address an admin pastes, or one of the shop's
 * own images. Admins are trusted with the catalogue's pictures (docs/decisions/0015); the
 * photos strangers set are held to PHOTO_HOSTS instead.
 */
const imageLink = z
  .string()
  .trim()
  // abort: an empty link is not also told that it is no URL.
  .min(1, { message: 'Please enter an image link', abort: true })
  .max(2000, { message: 'Image link is too long', abort: true })
  .refine(
    (s) =>
      /^https?:\/\/\S+$/.test(s) ||
      (/^\/images\/[\w./-]+\.(svg|png|jpe?g|webp|avif|gif)$/.test(s) && !s.includes('..')) ||
      parseMediaPath(s) !== undefined,
    'Image link must be an http(s) URL or a path to one of our images (/images/… or /media/…)',
  );

const optionalId = (what: string) => z.uuid(`${what}: not an id`).nullable();

const mpnCode = z
  .string()
  .trim()
  .max(60, 'MPN is too long (60 characters at most)')
  .regex(
    /^([A-Za-z0-9][A-Za-z0-9 ./_-]*)?$/,
    'MPN: letters, digits, spaces, dots, dashes and slashes',
  )
  // An emptied field takes the MPN away.
  .transform((s) => s || null);

const attributeValues = z
  .record(
    z.string().max(40),
    z.union([attributeValue, z.array(attributeValue).max(30, 'At most 30 values')]),
  )
  .refine((values) => Object.keys(values).length <= 60, 'At most 60 attributes');

/** What files a part: who makes it, its codes, its category, family and attribute values. */
const filing = {
  brandId: optionalId('brandId'),
  categoryId: optionalId('categoryId'),
  familyId: optionalId('familyId'),
  mpn: mpnCode.nullable(),
  gtin: gtinCode.nullable(),
  attributes: attributeValues,
};

/**
 * POST /tools: the Add New Product form. The spec's client sends only name, price, stock, desc
 * and img: the SKU is then made up, the minimum is 10, the pack 1 and the ladder one tier.
 */
export const productInput = z
  .object({
    name: productName,
    price: priceDollars,
    stock: stockCount,
    desc: z.string().trim().max(5000, 'Description is too long').default(''),
    img: imageLink,
    sku: skuCode.optional(),
    moq: moqCount.default(MIN_ORDER_QUANTITY),
    packSize: packCount.default(1),
    tiers: tiersInput.optional(),
    weightGrams: weightGrams.default(0),
    brandId: filing.brandId.default(null),
    categoryId: filing.categoryId.default(null),
    familyId: filing.familyId.default(null),
    mpn: filing.mpn.default(null),
    gtin: filing.gtin.default(null),
    attributes: filing.attributes.default({}),
  })
  .superRefine((p, ctx) => {
    const tiers = p.tiers ?? [{ minQuantity: p.moq, price: p.price }];
    for (const { path, message } of ladderProblems({ ...p, tiers })) {
      ctx.addIssue({ code: 'custom', path, message });
    }
  });
export type ProductInput = z.input<typeof productInput>;

/**
 * A ladder as an admin was shown it, named back with a change so the server can tell whether it
 * moved meanwhile: only compared, never checked as a ladder (whatever it was, it was).
 */
export const seenLadder = z.array(z.object({ minQuantity: z.number(), price: z.number() })).max(20);

/** PATCH /tools/{id}: the Manage form; any subset of the fields. */
export const productPatch = z
  .object({
    name: productName,
    price: priceDollars,
    stock: stockCount,
    desc: z.string().trim().max(5000, 'Description is too long'),
    img: imageLink,
    sku: skuCode,
    moq: moqCount,
    packSize: packCount,
    tiers: tiersInput,
    weightGrams,
    ...filing,
    backorder: z
      .object({
        allowed: z.boolean({ error: 'Say whether backorders are allowed' }),
        expectedAt: z.iso
          .date('Expected date: a date like 2027-01-14')
          // Within what the database's date keeps without a doubt (no year 0).
          .refine((d) => d >= '2000-01-01' && d <= '2999-12-31', 'Expected date: 2000 to 2999')
          .nullable()
          .optional()
          .describe('YYYY-MM-DD; null or left out: no date'),
      })
      .describe('allow orders beyond the stock; the rest is reserved when stock is received'),
    bin: z
      .string()
      .trim()
      .max(40, 'Bin is too long (40 characters at most)')
      .transform((bin) => bin || null)
      .nullable()
      .describe(
        'the warehouse bin ("B-10"); empty or null: none. The pick list walks bins in order',
      ),
    stockWas: stockCount.describe(
      'the stock the admin was shown; required with stock, and a 409 when it has changed since',
    ),
    tiersWas: seenLadder.describe(
      'the price ladder the admin was shown (the product form sends it); with a new price or ladder, a 409 when the ladder has changed since',
    ),
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change')
  // A count names the number it replaces: stock reserved meanwhile is never wiped.
  .refine((p) => p.stock === undefined || p.stockWas !== undefined, {
    path: ['stockWas'],
    message: 'Send stockWas, the stock you were shown, with a new stock',
  });
export type ProductPatch = z.infer<typeof productPatch>;
// The patched product as a whole is checked with ladderProblems on the server: a patch that
// changes only the pack size must still fit the minimum it already has.
