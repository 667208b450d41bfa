import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { documentCounters } from '../../db/schema.ts';

export type DocumentKind = (typeof documentCounters.kind.enumValues)[number];

const DIGITS = 6;

/** 'INV-2026-000042': the prefix, the year and the number within it. */
export const formatDocumentNumber = (prefix: string, year: number, n: number) =>
  `${prefix}-${year}-${String(n).padStart(DIGITS, '0')}`;

/**
 * The next invoice or credit-note number of `at`'s year (UTC), taken inside the caller's
 * transaction: the upsert locks the year's counter row until that transaction ends, so two
 * at once cannot take the same number, and a rollback gives its number back (no gap).
 */
export async function nextDocumentNumber(
  tx: Executor,
  kind: DocumentKind,
  prefix: string,
  at: Date,
) {
  const year = at.getUTCFullYear();
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  return formatDocumentNumber(prefix, year, row!.last);
}
