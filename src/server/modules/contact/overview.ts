import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

/** Contact messages nobody has marked done (issue 35's overview). */
export async function openMessages(db: Executor) {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.status, 'open'));
  return row?.n ?? 0;
}
