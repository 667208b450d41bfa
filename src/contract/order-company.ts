import { z } from 'zod';

/**
 * What an order says about the company it was placed for: every member of the company sees
 * its orders, so each one names who placed it.
 */
export const orderCompany = z.object({
  companyId: z.string().nullable().describe("the buyer's company at checkout; null: none"),
  placedBy: z.object({ name: z.string(), email: z.string() }),
});
export type OrderCompany = z.infer<typeof orderCompany>;
