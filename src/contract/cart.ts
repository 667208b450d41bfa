import { z } from 'zod';
import { priceTier } from './catalog.ts';
import { MAX_ORDER_QUANTITY } from './orders.ts';
import { groupDigits } from './number-text.ts';

/** The most lines one cart holds: a big workshop order, not a catalogue dump. */
export const MAX_CART_LINES = 100;

/** The most characters a quick-order paste may have (about 1,000 lines). */
export const MAX_QUICK_ADD_TEXT = 50_000;

export const cartLine = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().describe("dollars per piece at this quantity (the ladder's tier)"),
  lineTotal: z.number().describe('dollars: unitPrice × quantity'),
  moq: z.number().int(),
  packSize: z.number().int(),
  stock: z.number().int(),
  backorderAllowed: z.boolean().describe('the part takes orders beyond its stock'),
  backordered: z
    .number()
    .int()
    .describe('pieces beyond the stock, which ship when it arrives (parts that allow backorders)'),
  tiers: z
    .array(priceTier)
    .describe("the product's price ladder today, for the cart's next-tier hints"),
  problem: z
    .string()
    .optional()
    .describe(
      'why this line cannot be checked out as it stands (the minimum or pack changed, or stock ran short)',
    ),
});
export type CartLine = z.infer<typeof cartLine>;

/** The signed-in customer's cart, priced at today's ladders; the same on every device. */
export const cart = z.object({
  lines: z.array(cartLine),
  total: z.number().describe('dollars: the sum of the line totals'),
});
export type Cart = z.infer<typeof cart>;

export const cartLineParams = z.object({ productId: z.string().max(100) });

export const cartLineInput = z.object({
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
});
export type CartLineInput = z.infer<typeof cartLineInput>;

/** PATCH /cart/lines/{productId}: pieces to put on top of what the line holds. */
export const cartLineAddInput = z.object({
  add: z
    .number({ error: 'Add a whole number of pieces' })
    .int('Add a whole number of pieces')
    .min(1, 'Add at least 1 piece')
    .max(MAX_ORDER_QUANTITY, `Add at most ${MAX_ORDER_QUANTITY} pieces`)
    .describe('pieces to add; the line that results must keep the minimum and whole packs'),
});
export type CartLineAddInput = z.infer<typeof cartLineAddInput>;

/** Add to cart as the product page's form sends it (text fields): its action reads it so. */
export const addToCartForm = z.object({
  productId: z.string().min(1),
  quantity: z.coerce.number().pipe(cartLineAddInput.shape.add),
});
export type AddToCartForm = z.infer<typeof addToCartForm>;

/** What a quick order does with the cart: adds on top of it, or takes its place. */
export const quickAddModes = ['add', 'replace'] as const;
export type QuickAddMode = (typeof quickAddModes)[number];

/** Lines of "SKU quantity" as pasted from a spreadsheet or a CSV file. */
export const quickAddInput = z.object({
  text: z
    .string({ error: 'Paste lines of "SKU quantity"' })
    .max(MAX_QUICK_ADD_TEXT, `Paste at most ${groupDigits(MAX_QUICK_ADD_TEXT)} characters`)
    .refine((t) => t.trim().length > 0, 'Paste lines of "SKU quantity"'),
  mode: z
    .enum(quickAddModes)
    .default('add')
    .describe(
      'add: on top of what the cart holds; replace: the cart is emptied and holds these lines only (left as it was when none of them can go in)',
    ),
});
export type QuickAddInput = z.infer<typeof quickAddInput>;

export const quickAddStatuses = ['added', 'adjusted', 'error'] as const;

export const quickAddLineResult = z.object({
  line: z.number().int().describe('1-based line number in the text'),
  sku: z.string(),
  status: z.enum(quickAddStatuses),
  asked: z
    .number()
    .int()
    .nullable()
    .describe('the quantity on the line as typed; null when it has none that could be read'),
  quantity: z
    .number()
    .int()
    .nullable()
    .describe('pieces this line put into the cart; null on error'),
  inCart: z
    .number()
    .int()
    .nullable()
    .describe("the cart's quantity of this part once this line went in; null on error"),
  message: z.string(),
});
export type QuickAddLineResult = z.infer<typeof quickAddLineResult>;

/** What happened to the cart: lines added on top, the cart replaced, or nothing went in. */
export const quickAddOutcomes = ['added', 'replaced', 'unchanged'] as const;

export const quickAddResult = z.object({
  outcome: z
    .enum(quickAddOutcomes)
    .describe(
      'added: the lines went on top of the cart; replaced: the cart holds only these lines now; unchanged: no line could go in, and the cart is as it was',
    ),
  results: z.array(quickAddLineResult),
  cart,
});
export type QuickAddResult = z.infer<typeof quickAddResult>;

/**
 * POST /cart/lines: several parts at once, each on top of what the cart holds (a size grid's
 * filled cells). Each line goes in by the quick order's rules, on its own.
 */
export const cartLinesInput = z.object({
  lines: z
    .array(
      z.object({ productId: cartLineParams.shape.productId, add: cartLineAddInput.shape.add }),
      { error: 'Send lines of { productId, add }' },
    )
    .min(1, 'Send at least one line')
    .max(MAX_CART_LINES, `Send at most ${MAX_CART_LINES} lines`),
});
export type CartLinesInput = z.infer<typeof cartLinesInput>;

export const cartLinesLineResult = quickAddLineResult.extend({
  line: z.number().int().describe('1-based position in `lines`'),
  productId: z.string(),
  sku: z.string().describe("the part's SKU; empty when no part has this id"),
  asked: z.number().int().describe('the `add` of this line as sent'),
});
export type CartLinesLineResult = z.infer<typeof cartLinesLineResult>;

export const cartLinesResult = z.object({
  outcome: z
    .enum(['added', 'unchanged'])
    .describe('added: some lines went in; unchanged: none could, and the cart is as it was'),
  results: z.array(cartLinesLineResult),
  cart,
});
export type CartLinesResult = z.infer<typeof cartLinesResult>;

/** A size grid's quantity box is named `qty-<productId>`: one box per variant of the family. */
export const SIZE_GRID_FIELD = 'qty-';

/**
 * A size grid as its form sends it (text fields, script or none): each filled box is a line of
 * POST /cart/lines, an empty one orders nothing, and a box that is not a whole number is an
 * error under its own name.
 */
export const sizeGridForm = z
  .record(z.string(), z.unknown())
  .transform((fields, ctx) => {
    const lines: CartLinesInput['lines'] = [];
    for (const [name, value] of Object.entries(fields)) {
      if (!name.startsWith(SIZE_GRID_FIELD) || typeof value !== 'string' || !value.trim()) {
        continue;
      }
      const add = cartLineAddInput.shape.add.safeParse(Number(value.trim()));
      if (add.success) lines.push({ productId: name.slice(SIZE_GRID_FIELD.length), add: add.data });
      else ctx.addIssue({ code: 'custom', path: [name], message: add.error.issues[0]?.message });
    }
    if (lines.length === 0 && ctx.issues.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: 'Type a quantity in at least one box',
      });
    }
    return { lines };
  })
  .pipe(cartLinesInput);

/** POST /orders/{id}/reorder: the order's lines at today's prices, and what could not go in. */
export const reorderResult = z.object({
  cart,
  skipped: z.array(
    z.object({
      productId: z.string().nullable(),
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      message: z.string(),
    }),
  ),
});
export type ReorderResult = z.infer<typeof reorderResult>;
