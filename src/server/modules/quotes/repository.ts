import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { QuoteStatus } from '../../../contract/company-kinds.ts';
import type { Executor } from '../../db/client.ts';
import { companies, quoteLines, quotes } from '../../db/schema.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type NewQuoteLine = Omit<QuoteLineRow, 'quoteId' | 'lineNo'>;
export type NewQuote = Pick<
  typeof quotes.$inferInsert,
  'companyId' | 'userId' | 'email' | 'userName' | 'note'
>;

/** A quote with what it shows: its lines in order and its company's name. */
export type QuoteView = { row: QuoteRow; lines: QuoteLineRow[]; companyName: string | null };

const numbered = (quoteId: string, lines: NewQuoteLine[]) =>
  lines.map((line, i) => ({ ...line, quoteId, lineNo: i + 1 }));

export async function insertQuote(tx: Executor, quote: NewQuote, lines: NewQuoteLine[]) {
  const [row] = await tx.insert(quotes).values(quote).returning();
  const written = await tx.insert(quoteLines).values(numbered(row!.id, lines)).returning();
  return { row: row!, lines: written };
}

async function linesOf(db: Executor, quoteIds: string[]) {
  const byQuote = new Map<string, QuoteLineRow[]>();
  if (quoteIds.length === 0) return byQuote;
  const rows = await db
    .select()
    .from(quoteLines)
    .where(inArray(quoteLines.quoteId, quoteIds))
    .orderBy(asc(quoteLines.quoteId), asc(quoteLines.lineNo));
  for (const line of rows) byQuote.set(line.quoteId, [...(byQuote.get(line.quoteId) ?? []), line]);
  return byQuote;
}

async function companyNames(db: Executor, rows: QuoteRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.companyId ? [r.companyId] : [])))];
  if (ids.length === 0) return new Map<string, string>();
  const found = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(found.map((c) => [c.id, c.name]));
}

/** The quotes with their lines and company names, read in two more queries for all. */
export async function viewsOf(db: Executor, rows: QuoteRow[]): Promise<QuoteView[]> {
  const [lines, names] = await Promise.all([
    linesOf(
      db,
      rows.map((r) => r.id),
    ),
    companyNames(db, rows),
  ]);
  return rows.map((row) => ({
    row,
    lines: lines.get(row.id) ?? [],
    companyName: row.companyId ? (names.get(row.companyId) ?? null) : null,
  }));
}

export async function findQuote(db: Executor, id: string) {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/**
 * The quote's row, locked until the transaction ends: answering, accepting and declining it
 * line up on it, so one of them decides and the others see what it decided.
 */
export async function lockQuote(tx: Executor, id: string) {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

export async function quoteLinesOf(db: Executor, id: string) {
  return (await linesOf(db, [id])).get(id) ?? [];
}

/** The shop's answer: its lines replace those asked for, and the quote is quoted. */
export async function writeAnswer(
  tx: Executor,
  id: string,
  answer: { lines: NewQuoteLine[]; expiresAt: Date; shopNote: string; quotedBy: string },
) {
  const { lines, ...values } = answer;
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id));
  await tx.insert(quoteLines).values(numbered(id, lines));
  const [row] = await tx
    .update(quotes)
    .set({ ...values, status: 'quoted', quotedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(quotes.id, id))
    .returning();
  return row!;
}

/** Accepted (with the order it made) or declined, by whom and when. */
export async function writeDecision(
  tx: Executor,
  id: string,
  decision: { status: 'accepted' | 'declined'; decidedBy: string; orderId?: string },
) {
  const [row] = await tx
    .update(quotes)
    .set({ ...decision, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(quotes.id, id))
    .returning();
  return row!;
}

/**
 * Whose quotes a list holds: every one (the shop), or one account's own asked without a
 * company, and its company's when it has one.
 */
export type QuoteScope = { all: true } | { userId: string; companyId: string | undefined };

function scopeWhere(scope: QuoteScope): SQL | undefined {
  if ('all' in scope) return undefined;
  const own = and(eq(quotes.userId, scope.userId), isNull(quotes.companyId));
  return scope.companyId ? or(eq(quotes.companyId, scope.companyId), own) : own;
}

/** A quoted quote past its expiry is answered as expired: the filter says so the same way. */
function statusWhere(status: QuoteStatus | 'all'): SQL | undefined {
  const now = sql`now()`;
  switch (status) {
    case 'all':
      return undefined;
    case 'expired':
      return and(eq(quotes.status, 'quoted'), lte(quotes.expiresAt, now));
    case 'quoted':
      return and(
        eq(quotes.status, 'quoted'),
        or(isNull(quotes.expiresAt), gt(quotes.expiresAt, now)),
      );
    default:
      return eq(quotes.status, status);
  }
}

export async function listQuotes(
  db: Executor,
  scope: QuoteScope,
  { status, limit, offset }: { status: QuoteStatus | 'all'; limit: number; offset: number },
) {
  const where = and(scopeWhere(scope), statusWhere(status));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(quotes)
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.number))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(quotes).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
