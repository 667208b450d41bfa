import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { OrderRow } from './repository.ts';

export type Approver = { name: string; email: string };

/** Who approved these orders, read in one query (none when no order waited for approval). */
export async function approversOfOrders(db: Executor, rows: Pick<OrderRow, 'approvedBy'>[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.approvedBy ? [r.approvedBy] : [])))];
  const byId = new Map<string, Approver>();
  if (ids.length === 0) return byId;
  const found = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  for (const { id, name, email } of found) byId.set(id, { name, email });
  return byId;
}

/** The order's approval as the API shows it; an approver whose account is gone stays unnamed. */
export const approvalOut = (
  row: Pick<OrderRow, 'approvedBy' | 'approvedAt'>,
  approvers: ReadonlyMap<string, Approver>,
) => ({
  approvedBy: row.approvedBy
    ? (approvers.get(row.approvedBy) ?? { name: 'A former member', email: '' })
    : null,
  approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
});
