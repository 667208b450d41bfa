import type { ReturnsQuery } from '../../../contract/returns.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Executor } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import { presentReturn, presentReturns } from '../../modules/returns/present.ts';
import { listReturns } from '../../modules/returns/repository.ts';
import { returnScopeOf, visibleReturn } from './viewer.ts';

export async function browseReturns(db: Executor, user: CurrentUser, query: ReturnsQuery) {
  const { page, limit, status, orderId } = query;
  // An id that is no order's id matches nothing, rather than failing the query.
  if (orderId !== undefined && !isUuid(orderId)) return pageOf([], 0, page, limit);
  const { rows, total } = await listReturns(db, await returnScopeOf(db, user), {
    status,
    orderId,
    limit,
    offset: (page - 1) * limit,
  });
  return pageOf(await presentReturns(db, rows), total, page, limit);
}

export async function readReturn(db: Executor, user: CurrentUser, id: string) {
  return presentReturn(db, await visibleReturn(db, user, id));
}
