import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { importKinds, type ImportPreview } from '../../../contract/imports.ts';
import { createdAt } from './columns.ts';
import { jobs } from './jobs.ts';

/**
 * A file an admin or the ERP sent: checked whole when it arrives (its preview), applied all at
 * once later by a job. `applied_at` is set in the apply's own transaction, so an apply that runs
 * again (a retry, a restart) sees it and changes nothing twice.
 */
export const imports = pg.pgTable('import', {
  id: pg.uuid('id').primaryKey().defaultRandom(),
  kind: pg.text('kind', { enum: importKinds }).notNull(),
  // For dealer prices: the company whose ladder the file sets.
  companyId: pg.uuid('company_id'),
  preview: pg
    .jsonb('preview')
    .$type<Omit<ImportPreview, '_id' | 'kind' | 'companyId' | 'jobId'>>()
    .notNull(),
  jobId: pg.uuid('job_id').references(() => jobs.id),
  // Who sent it: their account's id and email (the ledger's and audit trail's actor).
  createdBy: pg.text('created_by'),
  createdByEmail: pg.text('created_by_email').notNull(),
  createdAt: createdAt(),
  appliedAt: pg.timestamp('applied_at', { withTimezone: true }),
});

/** A checked line of an import, in the form the apply writes it. */
export const importRows = pg.pgTable(
  'import_row',
  {
    importId: pg
      .uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    line: pg.integer('line').notNull(),
    // The product the line changes; null for one the apply creates.
    productId: pg.uuid('product_id'),
    values: pg.jsonb('values').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.importId, t.line] }),
    pg.check('import_row_line_positive', sql`${t.line} >= 1`),
  ],
);
