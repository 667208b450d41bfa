import type { FastifyBaseLogger } from 'fastify';
import type { AllOrdersQuery } from '../../../contract/orders.ts';
import { recordAudit } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { orderShippedMail } from './mails.ts';
import { describeOrder, presentOrder, presentOrders } from './present.ts';
import { findOrder, listAllOrders, listOrdersOf, markShipped } from './repository.ts';

/** The account's own orders, newest first. */
export async function ordersOf(db: Db, userId: string) {
  return presentOrders(db, await listOrdersOf(db, userId));
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

export async function browseAllOrders(db: Db, { status, q, page, limit }: AllOrdersQuery) {
  const offset = (page - 1) * limit;
  const { rows, total } = await listAllOrders(db, { status, q: q || undefined, limit, offset });
  return pageOf(await presentOrders(db, rows), total, page, limit);
}

type ShipDeps = { db: Db; mailer: Mailer; log: Pick<FastifyBaseLogger, 'error'> };

/**
 * Marks a paid order shipped, with its audit line in the same transaction, and mails its
 * buyer, once: marking it again answers the shipped order and mails nobody.
 */
export async function shipOrder({ db, mailer, log }: ShipDeps, admin: CurrentUser, id: string) {
  const row = isUuid(id) ? await findOrder(db, id) : undefined;
  if (!row) throw notFound('Order');
  if (row.status === 'shipped') return presentOrder(db, row);
  if (row.status !== 'paid') throw new AppError('conflict', 'Only a paid order can be shipped.');
  const shipped = await db.transaction(async (tx) => {
    const marked = await markShipped(tx, id);
    if (marked) {
      await recordAudit(tx, admin, {
        action: 'order.ship',
        targetType: 'order',
        targetId: marked.id,
        summary: `Shipped order #${marked.number}, ${describeOrder(marked)}, to ${marked.email}`,
      });
    }
    return marked;
  });
  const order = await presentOrder(db, shipped ?? (await findOrder(db, id))!);
  if (shipped) {
    // The order is shipped whether or not the mail goes out; the log says when it did not.
    mailer.send(orderShippedMail(order)).catch((err: unknown) => {
      log.error({ err, orderId: order._id }, 'shipped mail failed');
    });
  }
  return order;
}
