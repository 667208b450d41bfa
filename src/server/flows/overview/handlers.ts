import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { adminOverview } from './overview.ts';

/** The admin overview (issue 35): what needs doing, in one call. */
export const overviewHandlers = ({
  db,
  lowStockAt,
}: {
  db: Db;
  lowStockAt: number;
}): Handlers<'adminOverview'> => ({
  adminOverview: () => adminOverview(db, lowStockAt),
});
