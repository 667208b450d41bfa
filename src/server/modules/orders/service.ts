import type { AllOrdersQuery } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import { presentOrders } from './present.ts';
import { findOrder, listAllOrders, listOrdersOf } from './repository.ts';

/** The account's own orders, newest first. */
export async function ordersOf(db: Db, userId: string, companyId?: string) {
  return presentOrders(db, await listOrdersOf(db, userId, companyId));
}

/**
 * The order; 404 for unknown ids. Whose it is the endpoint's guard has checked already (its
 * entry `owns` the order).
 */
export async function orderById(db: Db, id: string) {
  const row = isUuid(id) ? await findOrder(db, id) : undefined;
  if (!row) throw notFound('Order');
  return row;
}

export async function browseAllOrders(db: Db, { page, limit, ...filter }: AllOrdersQuery) {
  const offset = (page - 1) * limit;
  const { rows, total } = await listAllOrders(db, filter, { limit, offset });
  return pageOf(await presentOrders(db, rows), total, page, limit);
}
