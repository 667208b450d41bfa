import { endpoint } from '../endpoint.ts';
import { adminOverview } from '../overview.ts';

/** The admin overview (issue 35): what needs doing, counted in one call. */
export const overviewEndpoints = {
  adminOverview: endpoint({
    method: 'GET',
    path: '/api/admin/overview',
    access: 'admin',
    tag: 'overview',
    summary:
      "What needs doing: orders to ship and ready, awaiting approval, holds ending today, backorders, returns, quotes, open messages, low stock, overdue invoices; today's and this month's sales beside last month's",
    response: adminOverview,
  }),
} as const;
