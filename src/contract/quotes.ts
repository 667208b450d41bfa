import { z } from 'zod';
import { MAX_CART_LINES } from './cart.ts';
import { pageInfo, pagingQuery } from './common.ts';
import { quoteStatuses } from './company-kinds.ts';
import { dollarsField } from './dollars.ts';
import { orderInput } from './orders.ts';

// Quotes: a buyer asks for prices on a cart, the shop answers with lines, unit prices and an
// expiry, and accepting makes one order at those prices. Money in dollars.

/** What people quote: "Q-1001". */
export const quoteNumberText = (n: number) => `Q-${n}`;

export const quoteLine = z.object({
  productId: z.string().nullable().describe('null once the product is deleted'),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z
    .number()
    .describe("dollars per piece: the buyer's price when requested, the shop's once quoted"),
  lineTotal: z.number().describe('dollars: unitPrice × quantity'),
});
export type QuoteLine = z.infer<typeof quoteLine>;

export const quote = z.object({
  _id: z.string(),
  number: z.number().int().describe('shown as "Q-1001"'),
  status: z
    .enum(quoteStatuses)
    .describe('a quoted quote past expiresAt is expired: it can no longer be accepted'),
  lines: z.array(quoteLine),
  total: z.number().describe('dollars: the sum of the line totals'),
  note: z.string().describe("the buyer's note"),
  shopNote: z.string().describe("the shop's note with its answer"),
  expiresAt: z.iso.datetime().nullable().describe('until when the quoted prices hold'),
  company: z.object({ _id: z.string(), name: z.string() }).nullable(),
  requestedBy: z.object({ name: z.string(), email: z.string() }),
  orderId: z.string().nullable().describe('the order accepting it made'),
  createdAt: z.iso.datetime(),
  quotedAt: z.iso.datetime().nullable(),
  decidedAt: z.iso.datetime().nullable().describe('when it was accepted or declined'),
});
export type Quote = z.infer<typeof quote>;

export const MAX_QUOTE_NOTE = 2000;

const noteField = (label: string) =>
  z
    .string()
    .trim()
    .max(MAX_QUOTE_NOTE, `${label} is too long (${MAX_QUOTE_NOTE} characters at most)`)
    .default('');

/** POST /quotes: the cart's lines are what is asked for; the note says what else matters. */
export const requestQuoteInput = z.object({ note: noteField('Note') });
export type RequestQuoteInput = z.infer<typeof requestQuoteInput>;

/** A date alone ("2026-12-31") means the end of that day, UTC. */
const expiryField = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'Enter the date the quote expires',
  })
  .transform((v) => new Date(v.length === 10 ? `${v}T23:59:59.999Z` : v).toISOString());

/** PUT /quotes/{id}: the shop's answer, which replaces the lines asked for. */
export const answerQuoteInput = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string().max(100),
        quantity: orderInput.shape.quantity,
        unitPrice: dollarsField('Unit price').refine((d) => d > 0, 'Unit price must be above 0'),
      }),
    )
    .min(1, 'Quote at least one line')
    .max(MAX_CART_LINES, `Quote at most ${MAX_CART_LINES} lines`),
  expiresAt: expiryField.describe('a time in the future; a date alone is the end of that day'),
  note: noteField('Note'),
});
export type AnswerQuoteInput = z.input<typeof answerQuoteInput>;
export type QuoteAnswer = z.output<typeof answerQuoteInput>;

/** The list's filter: every quote, or those in one status. */
export const quoteFilters = ['all', ...quoteStatuses] as const;

export const quotesQuery = pagingQuery.extend({
  status: z.enum(quoteFilters).default('all'),
});
export type QuotesQuery = z.infer<typeof quotesQuery>;

/** Newest first. */
export const quoteList = pageInfo.extend({ data: z.array(quote) });
export type QuoteList = z.infer<typeof quoteList>;
