import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditNoteLines, creditNotes, orderLines } from '../../db/schema.ts';

// An order's credit notes: what each gave back, line by line. The caller holds the order's lock
// (lockOrder) while it reads what was credited before and writes a new note.

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteLineRow = typeof creditNoteLines.$inferSelect;
export type NewCreditNote = Omit<CreditNoteRow, 'id' | 'refundedAt' | 'issuedAt'> & {
  refundedAt?: Date | null;
  issuedAt: Date;
};

/** How many pieces of each line of an order its credit notes gave back so far, by line. */
export async function creditedQuantities(db: Executor, orderId: string) {
  const rows = await db
    .select({
      lineNo: creditNoteLines.lineNo,
      credited: sql<number>`cast(sum(${creditNoteLines.quantity}) as integer)`,
    })
    .from(creditNoteLines)
    .where(eq(creditNoteLines.orderId, orderId))
    .groupBy(creditNoteLines.lineNo);
  return new Map(rows.map((row) => [row.lineNo, Number(row.credited)]));
}

/** Whether the order's shipping was given back already (it comes back once, whole). */
export async function shippingCredited(db: Executor, orderId: string) {
  const [row] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId), sql`${creditNotes.shippingCents} > 0`))
    .limit(1);
  return row !== undefined;
}

export async function insertCreditNote(
  tx: Executor,
  note: NewCreditNote,
  lines: Omit<CreditNoteLineRow, 'creditNoteId' | 'orderId'>[],
) {
  const [row] = await tx.insert(creditNotes).values(note).returning();
  if (lines.length > 0) {
    await tx
      .insert(creditNoteLines)
      .values(lines.map((line) => ({ ...line, creditNoteId: row!.id, orderId: note.orderId })));
  }
  return row!;
}

/** Counts pieces of lines as cancelled (never shipped); the caller checked what was left. */
export async function addCancelled(
  tx: Executor,
  orderId: string,
  lines: readonly { lineNo: number; quantity: number }[],
) {
  for (const { lineNo, quantity } of lines) {
    await tx
      .update(orderLines)
      .set({ cancelled: sql`${orderLines.cancelled} + ${quantity}` })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.lineNo, lineNo)));
  }
}

/**
 * Notes that a card credit note's money went back; undefined when it had been noted already
 * (another caller got there first: it writes the timeline and the audit, not this one).
 */
export async function markRefunded(tx: Executor, id: string, at: Date) {
  const [row] = await tx
    .update(creditNotes)
    .set({ refundedAt: at })
    .where(and(eq(creditNotes.id, id), isNull(creditNotes.refundedAt)))
    .returning();
  return row;
}

export type CreditNoteView = CreditNoteRow & { lines: CreditNoteLineRow[] };

/** The credit notes of some orders, oldest first, with their lines. */
export async function creditNotesOfOrders(db: Executor, orderIds: string[]) {
  const byOrder = new Map<string, CreditNoteView[]>();
  if (orderIds.length === 0) return byOrder;
  const notes = await db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  if (notes.length === 0) return byOrder;
  const lines = await db
    .select()
    .from(creditNoteLines)
    .where(
      inArray(
        creditNoteLines.creditNoteId,
        notes.map((n) => n.id),
      ),
    )
    .orderBy(asc(creditNoteLines.lineNo));
  for (const note of notes) {
    const list = byOrder.get(note.orderId) ?? [];
    list.push({ ...note, lines: lines.filter((l) => l.creditNoteId === note.id) });
    byOrder.set(note.orderId, list);
  }
  return byOrder;
}

/** One credit note of an order by its number. */
export async function findCreditNote(db: Executor, orderId: string, number: string) {
  const notes = (await creditNotesOfOrders(db, [orderId])).get(orderId) ?? [];
  return notes.find((n) => n.number === number);
}
