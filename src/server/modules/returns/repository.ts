import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ReturnState } from '../../../contract/returns.ts';
import type { Executor } from '../../db/client.ts';
import { returnLines, returnRequests } from '../../db/schema.ts';

export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;
export type NewReturn = typeof returnRequests.$inferInsert;
export type NewReturnLine = Omit<typeof returnLines.$inferInsert, 'returnId'>;

/** Writes a return and its lines; the caller holds the order's lock and checked the lines. */
export async function insertReturn(tx: Executor, head: NewReturn, lines: NewReturnLine[]) {
  const [row] = await tx.insert(returnRequests).values(head).returning();
  await tx.insert(returnLines).values(lines.map((line) => ({ ...line, returnId: row!.id })));
  return row!;
}

/** The return; with `lock`, held until the transaction ends (each step lines up on it). */
export async function findReturn(db: Executor, id: string, { lock = false } = {}) {
  const query = db.select().from(returnRequests).where(eq(returnRequests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The lines of these returns, in the order's line order, read in one query. */
export async function linesOfReturns(db: Executor, ids: string[]) {
  const byReturn = new Map<string, ReturnLineRow[]>();
  if (ids.length === 0) return byReturn;
  const rows = await db
    .select()
    .from(returnLines)
    .where(inArray(returnLines.returnId, ids))
    .orderBy(asc(returnLines.returnId), asc(returnLines.lineNo));
  for (const row of rows) byReturn.set(row.returnId, [...(byReturn.get(row.returnId) ?? []), row]);
  return byReturn;
}

/**
 * How many of each line of an order are returned or asked for already, by line number: every
 * return but the rejected ones. A received return counts what was asked, not what arrived: the
 * rest was not sent back, and asking again is a new request.
 */
export async function askedQuantities(db: Executor, orderId: string) {
  const rows = await db
    .select({
      lineNo: returnLines.lineNo,
      asked: sql<number>`cast(sum(${returnLines.quantity}) as integer)`,
    })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .where(and(eq(returnRequests.orderId, orderId), ne(returnRequests.status, 'rejected')))
    .groupBy(returnLines.lineNo);
  return new Map(rows.map((row) => [row.lineNo, Number(row.asked)]));
}

/** Whose returns a list shows: all of them (an admin), or an account's and its company's. */
export type ReturnScope = { all: true } | { userId: string; companyId?: string | undefined };

const whoseReturns = (scope: ReturnScope) =>
  'all' in scope
    ? undefined
    : or(
        eq(returnRequests.orderUserId, scope.userId),
        eq(returnRequests.requestedById, scope.userId),
        scope.companyId ? eq(returnRequests.companyId, scope.companyId) : undefined,
      );

export async function listReturns(
  db: Executor,
  scope: ReturnScope,
  {
    status,
    orderId,
    limit,
    offset,
  }: { status: ReturnState | 'all'; orderId?: string; limit: number; offset: number },
) {
  const where = and(
    whoseReturns(scope),
    status === 'all' ? undefined : eq(returnRequests.status, status),
    orderId ? eq(returnRequests.orderId, orderId) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(returnRequests)
      .where(where)
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(returnRequests).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Approves a requested return; undefined when it is no longer requested. */
export async function markApproved(
  tx: Executor,
  id: string,
  { instructions, by }: { instructions: string; by: string },
) {
  const [row] = await tx
    .update(returnRequests)
    .set({ status: 'approved', instructions, approvedAt: new Date(), approvedBy: by })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'requested')))
    .returning();
  return row;
}

/** Rejects a requested return; undefined when it is no longer requested. */
export async function markRejected(
  tx: Executor,
  id: string,
  { reason, by }: { reason: string; by: string },
) {
  const [row] = await tx
    .update(returnRequests)
    .set({ status: 'rejected', rejectReason: reason, rejectedAt: new Date(), rejectedBy: by })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'requested')))
    .returning();
  return row;
}

export type Receipt = {
  by: string;
  lines: { lineNo: number; restocked: number; scrapped: number }[];
  creditNoteNumber: string;
  refundCents: number;
  refundMethod: 'card' | 'account';
};

/**
 * Receives an approved return with its credit note; undefined when it is no longer approved
 * (another admin received it first: that one refunds, this one does not).
 */
export async function markReceived(tx: Executor, id: string, receipt: Receipt) {
  const at = new Date();
  const [row] = await tx
    .update(returnRequests)
    .set({
      status: 'received',
      receivedAt: at,
      receivedBy: receipt.by,
      creditNoteNumber: receipt.creditNoteNumber,
      refundCents: receipt.refundCents,
      refundMethod: receipt.refundMethod,
      // An account is credited in this same transaction: nothing is left to refund.
      refundedAt: receipt.refundMethod === 'account' ? at : null,
    })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'approved')))
    .returning();
  if (!row) return undefined;
  for (const line of receipt.lines) {
    await tx
      .update(returnLines)
      .set({ restocked: line.restocked, scrapped: line.scrapped })
      .where(and(eq(returnLines.returnId, id), eq(returnLines.lineNo, line.lineNo)));
  }
  return row;
}

/** Notes the card refund as done, once: undefined when it was noted already. */
export async function markRefunded(tx: Executor, id: string) {
  const [row] = await tx
    .update(returnRequests)
    .set({ refundedAt: new Date() })
    .where(
      and(
        eq(returnRequests.id, id),
        eq(returnRequests.status, 'received'),
        isNull(returnRequests.refundedAt),
      ),
    )
    .returning();
  return row;
}
