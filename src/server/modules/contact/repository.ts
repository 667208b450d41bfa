import { count, desc, eq } from 'drizzle-orm';
import type {
  ContactInput,
  ContactMessagesQuery,
  ContactStatus,
} from '../../../contract/contact.ts';
import type { Executor } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(db: Executor, input: ContactInput & { ip: string }) {
  const [row] = await db
    .insert(contactMessages)
    .values(input)
    .returning({ id: contactMessages.id });
  return row!.id;
}

/** One page of the inbox, newest first, and how many are open whatever the filter. */
export async function listContactMessages(
  db: Executor,
  {
    status,
    limit,
    offset,
  }: { status: ContactMessagesQuery['status']; limit: number; offset: number },
) {
  const where = status === 'all' ? undefined : eq(contactMessages.status, status);
  const [rows, totals, open] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'open')),
  ]);
  return { rows, total: totals[0]?.n ?? 0, open: open[0]?.n ?? 0 };
}

/** Sets a message's status; undefined when there is no such message. */
export async function setContactMessageStatus(db: Executor, id: string, status: ContactStatus) {
  const [row] = await db
    .update(contactMessages)
    .set({ status })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}
