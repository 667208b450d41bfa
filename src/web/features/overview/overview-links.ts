import { sitePaths } from '../../../contract/site-paths.ts';

/**
 * Where each count of the overview leads: the list it counts, filtered by plain query
 * parameters. The orders list's `status` values (`to_ship`, `ready_to_ship`, `awaiting_approval`, `unpaid`,
 * `backordered`) are the orders desk's filters (issue 35).
 */
const orders = (status: string) => `${sitePaths.manageAllOrders}?status=${status}`;

export const overviewLinks = {
  toShip: orders('to_ship'),
  readyToShip: orders('ready_to_ship'),
  awaitingApproval: orders('awaiting_approval'),
  holdsEndingToday: orders('unpaid'),
  backordered: orders('backordered'),
  returnsToDecide: `${sitePaths.returns}?status=requested`,
  returnsToReceive: `${sitePaths.returns}?status=approved`,
  quotesToAnswer: `${sitePaths.quotes}?status=requested`,
  unreadMessages: `${sitePaths.messages}?status=open`,
  lowStock: sitePaths.manageProduct,
  overdue: sitePaths.companies,
} as const;
