import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SearchSynonym, searchSynonymInput } from '../../../contract/taxonomy.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { searchSynonyms } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { violatedConstraint } from './violations.ts';

// The search's synonyms: a term a shopper types ("tire") that the search also reads as another
// ("tyre"). Kept lower-case (the schema makes them so), each term once.

type SynonymRow = typeof searchSynonyms.$inferSelect;

const toSynonym = (row: SynonymRow): SearchSynonym => ({
  _id: row.id,
  term: row.term,
  means: row.means,
});

export async function listSearchSynonyms(db: Executor): Promise<{ data: SearchSynonym[] }> {
  const rows = await db
    .select()
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.term), asc(searchSynonyms.id));
  return { data: rows.map(toSynonym) };
}

export async function addSearchSynonym(
  db: Db,
  actor: AuditActor,
  input: z.output<typeof searchSynonymInput>,
) {
  try {
    const row = await db.transaction(async (tx) => {
      const [added] = await tx.insert(searchSynonyms).values(input).returning();
      await recordAudit(tx, actor, {
        action: 'search_synonym.create',
        targetType: 'search_synonym',
        targetId: added!.id,
        summary: `Added the search synonym ${added!.term} → ${added!.means}`,
      });
      return added!;
    });
    return toSynonym(row);
  } catch (err) {
    if (violatedConstraint(err, '23505') !== 'search_synonym_term_idx') throw err;
    const [holder] = await db
      .select()
      .from(searchSynonyms)
      .where(sql`lower(${searchSynonyms.term}) = ${input.term}`);
    throw new AppError(
      'conflict',
      `term: ${input.term} is already there${holder ? `, meaning ${holder.means}` : ''}`,
    );
  }
}

export async function removeSearchSynonym(db: Db, actor: AuditActor, id: string) {
  const row =
    isUuid(id) &&
    (await db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(searchSynonyms)
        .where(eq(searchSynonyms.id, id))
        .returning();
      if (removed) {
        await recordAudit(tx, actor, {
          action: 'search_synonym.delete',
          targetType: 'search_synonym',
          targetId: removed.id,
          summary: `Deleted the search synonym ${removed.term} → ${removed.means}`,
        });
      }
      return removed;
    }));
  if (!row) throw notFound('Search synonym');
  return { deleted: true as const, _id: row.id };
}
