import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema.ts';

export async function eventSeen(db: Executor, id: string) {
  const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id)).limit(1);
  return row !== undefined;
}

export async function recordEvent(db: Executor, id: string, type: string) {
  await db.insert(paymentEvents).values({ id, type }).onConflictDoNothing();
}

/**
 * Claims the record of a refund: true for the first caller only, who then writes the audit
 * line in the same transaction. The customer's report and the provider's webhook may both
 * refund one payment; the provider gives the money back once, and this makes the trail and
 * the mail once.
 */
export async function claimRefundRecord(tx: Executor, paymentIntentId: string) {
  const [claimed] = await tx
    .insert(paymentEvents)
    .values({ id: `refund:${paymentIntentId}`, type: 'refund' })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return claimed !== undefined;
}
