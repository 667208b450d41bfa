import { inArray } from 'drizzle-orm';
import type { OrderState } from '../../../contract/orders.ts';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/** Orders by id: their number and where they stand (the stock ledger names them so). */
export async function orderNames(db: Executor, ids: string[]) {
  const named = new Map<string, { number: number; status: OrderState }>();
  if (ids.length === 0) return named;
  const rows = await db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  for (const row of rows) named.set(row.id, { number: row.number, status: row.status });
  return named;
}
