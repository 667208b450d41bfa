import { z } from 'zod';

// GET /api/admin/overview: what needs doing in the shop, counted, and how sales go (issue 35).

const money = z.number().describe('dollars');

/** A part, as the overview lists it (most waited for, or lowest on the shelf). */
export const overviewPart = z.object({
  _id: z.string(),
  sku: z.string(),
  name: z.string(),
  pieces: z.number().int().describe('pieces awaited on backorder, or pieces on the shelf'),
});
export type OverviewPart = z.infer<typeof overviewPart>;

/** Sales of one period: this one so far, and the same days of the month before. */
export const salesPeriod = z.object({
  total: money,
  orders: z.number().int(),
  lastMonthTotal: money,
  lastMonthOrders: z.number().int(),
});
export type SalesPeriod = z.infer<typeof salesPeriod>;

export const adminOverview = z.object({
  orders: z.object({
    toShip: z.number().int().describe('paid or on account, something left to ship'),
    readyToShip: z
      .number()
      .int()
      .describe('of those, every piece allocated (nothing on backorder)'),
    awaitingApproval: z.number().int(),
    holdsEndingToday: z
      .number()
      .int()
      .describe('unpaid orders whose hold ends before midnight (UTC)'),
    backordered: z.number().int().describe('live orders with pieces waiting for stock'),
  }),
  mostAwaited: z
    .array(overviewPart)
    .describe('the parts with the most pieces on backorder, at most 5'),
  returns: z.object({
    toDecide: z.number().int().describe('requested, waiting for approve or reject'),
    toReceive: z.number().int().describe('approved, waiting to be received'),
  }),
  quotesToAnswer: z.number().int(),
  unreadMessages: z.number().int().describe('contact messages still open'),
  lowStock: z.object({
    at: z.number().int().describe('LOW_STOCK_AT: a part at or under it is low'),
    count: z.number().int(),
    lowest: z.array(overviewPart).describe('the lowest few, fewest first'),
  }),
  overdue: z.object({
    invoices: z.number().int().describe('on-account invoices past due and not covered by payments'),
    total: money,
  }),
  sales: z.object({
    today: salesPeriod,
    month: salesPeriod,
    /** Day by day: this month's sales and the month before's, in dollars, day 1 first. */
    days: z.array(
      z.object({ day: z.number().int(), thisMonth: money.nullable(), lastMonth: money.nullable() }),
    ),
  }),
  at: z.string().describe('ISO 8601: when it was counted'),
});
export type AdminOverview = z.infer<typeof adminOverview>;
