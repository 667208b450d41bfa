import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companyMembers, orders, users } from '../../db/schema.ts';
import type { OrderRow } from './repository.ts';

// An order over its buyer's spending limit waits in `awaiting_approval` (holding its stock) until
// the company's owner or an admin decides. These are the statements of that wait.

const awaiting = eq(orders.status, 'awaiting_approval');

/**
 * Approves a waiting order: it becomes unpaid, to be paid or charged to the account, and its hold
 * starts again from now (on the database's clock), so the buyer has the full time to pay.
 * Undefined once it no longer waits.
 */
export async function markApproved(
  tx: Executor,
  id: string,
  approvedBy: string,
  holdMinutes: number,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'unpaid',
      approvedBy,
      approvedAt: sql`now()`,
      holdUntil: sql`now() + make_interval(secs => ${holdMinutes * 60})`,
    })
    .where(and(eq(orders.id, id), awaiting))
    .returning();
  return row;
}

/** Rejects a waiting order (the caller gives its stock back); undefined once it no longer waits. */
export async function markRejected(tx: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'rejected' })
    .where(and(eq(orders.id, id), awaiting))
    .returning();
  return row;
}

/** The company's orders waiting for approval, oldest first: the longest wait is decided first. */
export async function awaitingOfCompany(db: Executor, companyId: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), awaiting))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** Who decides the company's waiting orders: its owner and admins, with their addresses. */
export async function approversOfCompany(db: Executor, companyId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.role, ['owner', 'admin']),
      ),
    );
}

/**
 * Puts an unpaid order on hold for approval, in the caller's transaction. Given `holdHours` (a
 * new order over the limit), its hold now ends that long from now on the database's clock (the
 * transaction's start, as the order's placing), not after the unpaid hold's minutes; without
 * (an order sent back), it keeps the hold it has. Undefined when it is no longer unpaid.
 */
export async function markAwaitingApproval(tx: Executor, id: string, holdHours?: number) {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'awaiting_approval',
      approvedAt: null,
      approvedBy: null,
      ...(holdHours === undefined
        ? {}
        : { holdUntil: sql`now() + make_interval(secs => ${Math.round(holdHours * 3600)})` }),
    })
    .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
    .returning();
  return row;
}
