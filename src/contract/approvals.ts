import { z } from 'zod';

// Spending limits: an order over its buyer's limit waits for the company's owner or an admin.

/** What an order says of its approval; null for an order that never waited for one. */
export const orderApproval = z.object({
  approvedBy: z
    .object({ name: z.string(), email: z.string() })
    .nullable()
    .describe('the owner or admin who approved the order'),
  approvedAt: z.iso.datetime().nullable(),
});

/**
 * POST /orders/{id}/approve: the grand total the approver saw, in dollars. When given, an order
 * re-priced since is not approved (409): the approver decides again on what it costs now.
 */
export const approveInput = z
  .object({
    grandTotal: z.number().nonnegative().max(100_000_000).optional(),
  })
  // A POST without a body reaches the schema as null.
  .nullish();
export type ApproveInput = z.infer<typeof approveInput>;

/** POST /orders/{id}/reject: why, told to the buyer. */
export const rejectInput = z
  .object({
    reason: z.string().trim().max(500, 'Keep the reason under 500 characters').optional(),
  })
  // A POST without a body reaches the schema as null.
  .nullish();
export type RejectInput = z.infer<typeof rejectInput>;
