import type { AdminOverview } from '../../../contract/overview.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { Db } from '../../db/client.ts';
import { lowStock } from '../../modules/catalog/low-stock.ts';
import { openMessages } from '../../modules/contact/overview.ts';
import { overdueTotals } from '../../modules/credit/overdue-totals.ts';
import { mostAwaitedParts, orderCounts, salesByDay } from '../../modules/orders/overview.ts';
import { quotesToAnswer } from '../../modules/quotes/overview.ts';
import { returnsToActOn } from '../../modules/returns/overview.ts';
import { overviewCalendar, salesSummary } from './sales.ts';

/** How many parts the overview names under backorders and under low stock. */
const PARTS_LISTED = 5;

/**
 * GET /admin/overview: every count read fresh (no cache: an admin who just shipped an order
 * expects "to ship" to go down at once), each by its own module, in parallel on the pool.
 */
export async function adminOverview(
  db: Db,
  lowStockAt: number,
  now = new Date(),
): Promise<AdminOverview> {
  const cal = overviewCalendar(now);
  const [orders, awaited, returns, quotes, messages, low, overdue, sales] = await Promise.all([
    orderCounts(db, now, cal.endOfDay),
    mostAwaitedParts(db, PARTS_LISTED),
    returnsToActOn(db),
    quotesToAnswer(db),
    openMessages(db),
    lowStock(db, lowStockAt, PARTS_LISTED),
    overdueTotals(db, now),
    salesByDay(db, cal.lastMonthStart, cal.endOfDay),
  ]);
  return {
    orders,
    mostAwaited: awaited.map((p) => ({
      _id: p.productId,
      sku: p.sku,
      name: p.name,
      pieces: p.pieces,
    })),
    returns,
    quotesToAnswer: quotes,
    unreadMessages: messages,
    lowStock: {
      at: lowStockAt,
      count: low.count,
      lowest: low.lowest.map((p) => ({ _id: p.id, sku: p.sku, name: p.name, pieces: p.stock })),
    },
    overdue: { invoices: overdue.invoices, total: centsToDollars(overdue.cents) },
    sales: salesSummary(sales, now),
    at: now.toISOString(),
  };
}
