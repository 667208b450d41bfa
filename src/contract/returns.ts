import { z } from 'zod';
import { pageInfo, pagingQuery } from './common.ts';

// Returns (RMA): a buyer asks to send shipped parts back, an admin approves (with where to send
// them) or rejects, then receives them; what is received is refunded with a credit note.

export const returnReasons = ['wrong_part', 'damaged', 'not_needed', 'warranty'] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** How each reason reads on a page and in a mail. */
export const returnReasonLabels: Record<ReturnReason, string> = {
  wrong_part: 'Wrong part',
  damaged: 'Damaged',
  not_needed: 'Not needed',
  warranty: 'Warranty',
};

export const returnStates = ['requested', 'approved', 'rejected', 'received'] as const;
export type ReturnState = (typeof returnStates)[number];

export const returnStateLabels: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
};

/** What becomes of a received part: back on the shelf (a `returned` movement), or scrapped. */
export const returnConditions = ['restock', 'scrap'] as const;
export type ReturnCondition = (typeof returnConditions)[number];

export const MAX_RETURN_LINES = 200;

const pieces = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(10_000_000, 'That is more than any order holds');

/** POST /orders/{id}/returns: which parts, how many and why. */
export const returnRequestInput = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string().max(100),
        quantity: pieces,
        reason: z.enum(returnReasons, { error: 'Pick a reason for each part' }),
      }),
    )
    .min(1, 'Choose at least one part to return')
    .max(MAX_RETURN_LINES),
  note: z.string().trim().max(2000, 'Note is too long (2,000 characters at most)').default(''),
});
export type ReturnRequestInput = z.input<typeof returnRequestInput>;

/** POST /returns/{id}/approve (admin): where and how to send the parts. */
export const approveReturnInput = z.object({
  instructions: z
    .string()
    .trim()
    .min(1, 'Say where to send the parts')
    .max(2000, 'Instructions are too long (2,000 characters at most)'),
});
export type ApproveReturnInput = z.infer<typeof approveReturnInput>;

/** POST /returns/{id}/reject (admin). */
export const rejectReturnInput = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the return is rejected')
    .max(1000, 'Reason is too long (1,000 characters at most)'),
});
export type RejectReturnInput = z.infer<typeof rejectReturnInput>;

/**
 * POST /returns/{id}/receive (admin): what arrived, part by part. A part may appear twice, once
 * per condition (3 back on the shelf, 2 scrapped); what is not listed did not arrive.
 */
export const receiveReturnInput = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string().max(100),
        quantity: pieces,
        condition: z.enum(returnConditions, { error: 'Pick restock or scrap' }),
      }),
    )
    .min(1, 'Enter at least one part that arrived')
    .max(MAX_RETURN_LINES * 2),
});
export type ReceiveReturnInput = z.infer<typeof receiveReturnInput>;

export const returnLine = z.object({
  productId: z.string().nullable().describe('null once the product is deleted'),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int().describe('pieces asked to return'),
  reason: z.enum(returnReasons),
  unitPrice: z.number().describe('dollars per piece, as the order was priced'),
  restocked: z.number().int().describe('pieces received and put back in stock'),
  scrapped: z.number().int().describe('pieces received and scrapped'),
});
export type ReturnLine = z.infer<typeof returnLine>;

export const returnStepKinds = [
  'requested',
  'approved',
  'rejected',
  'received',
  'credited',
  'refunded',
] as const;
export type ReturnStepKind = (typeof returnStepKinds)[number];

export const returnStep = z.object({
  step: z.enum(returnStepKinds),
  at: z.iso.datetime(),
  by: z.string().describe('who took the step'),
  detail: z.string(),
});
export type ReturnStep = z.infer<typeof returnStep>;

export const returnRefund = z.object({
  creditNoteNumber: z.string(),
  amount: z.number().describe('dollars: the received parts with their tax'),
  method: z.enum(['card', 'account']),
  refunded: z
    .boolean()
    .describe('card: the provider has given the money back; account: credited at once'),
});
export type ReturnRefund = z.infer<typeof returnRefund>;

export const returnRequest = z.object({
  _id: z.string(),
  number: z.string().describe('RMA-2026-000001'),
  status: z.enum(returnStates),
  orderId: z.string(),
  orderNumber: z.number().int(),
  requestedBy: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(returnLine),
  note: z.string(),
  instructions: z.string().nullable().describe('where to send the parts, once approved'),
  rejectReason: z.string().nullable(),
  refund: returnRefund.nullable().describe('once received'),
  steps: z.array(returnStep),
  createdAt: z.iso.datetime(),
});
export type ReturnRequest = z.infer<typeof returnRequest>;

export const returnStatuses = ['all', ...returnStates] as const;

/** GET /returns: newest first, filtered by status, paged. */
export const returnsQuery = pagingQuery.extend({
  status: z.enum(returnStatuses).default('all'),
  orderId: z.string().max(100).optional().describe("one order's returns"),
});
export type ReturnsQuery = z.infer<typeof returnsQuery>;

export const returnList = pageInfo.extend({ data: z.array(returnRequest) });
export type ReturnList = z.infer<typeof returnList>;
