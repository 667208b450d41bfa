import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ImportKind, ImportPreview } from '../../../contract/imports.ts';
import type { Executor } from '../../db/client.ts';
import { importRows, imports } from '../../db/schema.ts';

export type ImportRow = typeof imports.$inferSelect;
type Summary = ImportRow['preview'];

export async function insertImport(
  db: Executor,
  values: {
    kind: ImportKind;
    companyId: string | null;
    createdBy: string;
    createdByEmail: string;
    preview: Summary;
  },
) {
  const [row] = await db.insert(imports).values(values).returning();
  if (!row) throw new Error('import not written');
  return row;
}

export async function insertImportRows(
  db: Executor,
  importId: string,
  rows: readonly { line: number; productId: string | null; values: Record<string, unknown> }[],
) {
  if (rows.length === 0) return;
  // One parameter for the batch: a thousand lines as one JSON text, not thousands of values.
  await db.execute(sql`
    insert into import_row (import_id, line, product_id, "values")
    select ${importId}::uuid, r.line, r.product_id, r.values
    from jsonb_to_recordset(${JSON.stringify(
      rows.map((r) => ({ line: r.line, product_id: r.productId, values: r.values })),
    )}::jsonb) as r(line integer, product_id uuid, "values" jsonb)`);
}

export async function setPreview(db: Executor, id: string, preview: Summary) {
  await db.update(imports).set({ preview }).where(eq(imports.id, id));
}

/** An invalid file keeps its preview only: there is nothing to apply. */
export async function dropImportRows(db: Executor, importId: string) {
  await db.delete(importRows).where(eq(importRows.importId, importId));
}

/** A file refused whole keeps nothing. */
export async function deleteImport(db: Executor, id: string) {
  await db.delete(imports).where(eq(imports.id, id));
}

export async function findImport(db: Executor, id: string) {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row;
}

/** Gives the import its apply job; undefined when another call gave it one first. */
export async function claimApply(db: Executor, id: string, jobId: string) {
  const [row] = await db
    .update(imports)
    .set({ jobId })
    .where(and(eq(imports.id, id), isNull(imports.jobId)))
    .returning();
  return row;
}

/** Locks the import for its apply; undefined when it has been applied already. */
export async function lockUnapplied(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), isNull(imports.appliedAt)))
    .for('update');
  return row;
}

export async function markApplied(tx: Executor, id: string) {
  await tx
    .update(imports)
    .set({ appliedAt: sql`now()` })
    .where(eq(imports.id, id));
}

/** The checked lines after `afterLine`, in file order, a batch at a time. */
export function importRowsAfter(db: Executor, importId: string, afterLine: number, limit: number) {
  return db
    .select()
    .from(importRows)
    .where(and(eq(importRows.importId, importId), gt(importRows.line, afterLine)))
    .orderBy(asc(importRows.line))
    .limit(limit);
}

export const previewOf = (row: ImportRow): ImportPreview => ({
  _id: row.id,
  kind: row.kind,
  companyId: row.companyId,
  ...row.preview,
  jobId: row.jobId,
});

/**
 * The lines of a products import whose `image_url` the job fetches after the apply, in file
 * order: the product (null for one the apply created: found by its SKU) and the link.
 */
export async function linkedImageRows(db: Executor, importId: string) {
  const rows = await db
    .select({
      line: importRows.line,
      productId: importRows.productId,
      sku: sql<string>`${importRows.values} -> 'write' ->> 'sku'`,
      url: sql<string>`${importRows.values} ->> 'fetchImage'`,
    })
    .from(importRows)
    .where(
      and(
        eq(importRows.importId, importId),
        sql`${importRows.values} ->> 'fetchImage' is not null`,
      ),
    )
    .orderBy(asc(importRows.line));
  return rows;
}
