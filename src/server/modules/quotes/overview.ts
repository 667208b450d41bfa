import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { quotes } from '../../db/schema.ts';

/** Quotes a buyer asked for that the shop has not answered yet (issue 35's overview). */
export async function quotesToAnswer(db: Executor) {
  const [row] = await db.select({ n: count() }).from(quotes).where(eq(quotes.status, 'requested'));
  return row?.n ?? 0;
}
