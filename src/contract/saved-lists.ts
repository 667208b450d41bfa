import { z } from 'zod';
import {
  cartLinesLineResult,
  cartLinesResult,
  MAX_CART_LINES,
  MAX_QUICK_ADD_TEXT,
} from './cart.ts';
import { groupDigits } from './number-text.ts';
import { MAX_ORDER_QUANTITY } from './orders.ts';

// Saved order lists (requisition lists): parts and quantities a workshop orders again and
// again, kept by one account or shared with its company, sent to the cart in one step.

/** The most parts one list holds: what one cart can take. */
export const MAX_LIST_LINES = MAX_CART_LINES;
/** The most lists one account (or its company) keeps. */
export const MAX_LISTS = 50;
export const MAX_LIST_NAME = 80;

const listName = z
  .string({ error: 'Name the list' })
  .trim()
  .min(1, 'Name the list')
  .max(MAX_LIST_NAME, `A list's name has at most ${MAX_LIST_NAME} characters`);

export const listQuantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${groupDigits(MAX_ORDER_QUANTITY)}`);

export const savedListLine = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string().describe('empty once the part is no longer sold'),
  quantity: z.number().int(),
  moq: z.number().int().nullable(),
  packSize: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  problem: z
    .string()
    .optional()
    .describe(
      'why this line would not go into the cart as it stands (gone, out of stock, off-pack)',
    ),
});
export type SavedListLine = z.infer<typeof savedListLine>;

const listHead = {
  _id: z.string(),
  name: z.string(),
  shared: z.boolean().describe("true: the company's list, which every member sees and edits"),
  createdBy: z.string().describe('the name of the account that made it'),
  updatedAt: z.iso.datetime(),
};

export const savedListSummary = z.object({
  ...listHead,
  lineCount: z.number().int(),
  pieces: z.number().int().describe('the sum of the quantities'),
});
export type SavedListSummary = z.infer<typeof savedListSummary>;

export const savedListList = z.object({ data: z.array(savedListSummary) });
export type SavedListList = z.infer<typeof savedListList>;

export const savedList = z.object({ ...listHead, lines: z.array(savedListLine) });
export type SavedList = z.infer<typeof savedList>;

export const savedListDeleted = z.object({ deleted: z.literal(true), _id: z.string() });

export const newListInput = z.object({
  name: listName,
  shared: z.boolean().default(false).describe("true: the caller's company's list"),
});
export type NewListInput = z.infer<typeof newListInput>;

export const editListInput = z
  .object({ name: listName.optional(), shared: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.shared !== undefined, 'Send a name or shared');
export type EditListInput = z.infer<typeof editListInput>;

export const listLineParams = z.object({ id: z.string().max(100), productId: z.string().max(100) });
export const listLineInput = z.object({ quantity: listQuantity });

/** Several lines at once (a cart's or an order's): each sets that part's quantity. */
export const listLinesInput = z.object({
  lines: z
    .array(z.object({ productId: z.string().max(100), quantity: listQuantity }), {
      error: 'Send lines of { productId, quantity }',
    })
    .min(1, 'Send at least one line')
    .max(MAX_LIST_LINES, `Send at most ${MAX_LIST_LINES} lines`),
});
export type ListLinesInput = z.infer<typeof listLinesInput>;

/** Lines in the quick-order format ("SKU quantity"), each setting that part's quantity. */
export const listImportInput = z.object({
  text: z
    .string({ error: 'Paste lines of "SKU quantity"' })
    .max(MAX_QUICK_ADD_TEXT, `Paste at most ${groupDigits(MAX_QUICK_ADD_TEXT)} characters`)
    .refine((t) => t.trim().length > 0, 'Paste lines of "SKU quantity"'),
});
export type ListImportInput = z.infer<typeof listImportInput>;

export const listLineResult = z.object({
  line: z.number().int().describe('1-based line number (in the text, or in `lines`)'),
  sku: z.string(),
  status: z.enum(['saved', 'error']),
  quantity: z.number().int().nullable().describe('the quantity the list holds now; null on error'),
  message: z.string(),
});
export type ListLineResult = z.infer<typeof listLineResult>;

export const listLinesResult = z.object({ results: z.array(listLineResult), list: savedList });
export type ListLinesResult = z.infer<typeof listLinesResult>;

/** POST /lists/{id}/to-cart: a result per line, as POST /cart/lines answers. */
export const listToCartResult = cartLinesResult.extend({
  results: z.array(cartLinesLineResult),
});
export type ListToCartResult = z.infer<typeof listToCartResult>;

/** A Save to list form names each part's quantity in a field `line-<productId>`. */
export const LIST_LINE_FIELD = 'line-';

/**
 * Save to list as the pages' forms send it (text fields, script or none): an existing list
 * (`listId`) or a new one (`newName`), and the parts with their quantities.
 */
export const saveToListForm = z.record(z.string(), z.unknown()).transform((fields, ctx) => {
  const text = (key: string) => {
    const value = fields[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const listId = text('listId');
  const newName = text('newName');
  if (!listId && !newName) {
    ctx.addIssue({ code: 'custom', path: ['listId'], message: 'Choose a list or name a new one' });
  }
  if (!listId && newName.length > MAX_LIST_NAME) {
    const message = `A list's name has at most ${MAX_LIST_NAME} characters`;
    ctx.addIssue({ code: 'custom', path: ['newName'], message });
  }
  const lines: ListLinesInput['lines'] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith(LIST_LINE_FIELD) || typeof value !== 'string') continue;
    const quantity = listQuantity.safeParse(Number(value.trim()));
    if (quantity.success) {
      lines.push({ productId: name.slice(LIST_LINE_FIELD.length), quantity: quantity.data });
    } else {
      ctx.addIssue({ code: 'custom', path: [name], message: quantity.error.issues[0]?.message });
    }
  }
  if (lines.length === 0 && ctx.issues.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['listId'], message: 'There is nothing to save' });
  }
  return { listId, newName, lines: lines.slice(0, MAX_LIST_LINES) };
});
export type SaveToListInput = z.output<typeof saveToListForm>;

/** A list's page sends its quantity boxes and its import as text fields too. */
export const listLineForm = z.object({
  productId: z.string().min(1).max(100),
  quantity: z.coerce.number().pipe(listQuantity),
});
export type ListLineForm = z.infer<typeof listLineForm>;

export const newListForm = z.object({
  name: listName,
  shared: z
    .union([z.literal('on'), z.literal('true'), z.literal(''), z.boolean()])
    .optional()
    .transform((v) => v === true || v === 'on' || v === 'true'),
});

/** Add all to cart, as its button posts it: nothing but the list in the address. */
export const toCartForm = z.object({});
export type ToCartForm = z.infer<typeof toCartForm>;

/** Remove, or delete the list, as their buttons post it. */
export const removeLineForm = z.object({ productId: z.string().min(1).max(100) });
export type RemoveLineForm = z.infer<typeof removeLineForm>;
