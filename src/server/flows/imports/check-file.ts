import {
  MAX_LISTED_ERRORS,
  type ImportError,
  type ImportKind,
  type ImportPreview,
} from '../../../contract/imports.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { CsvFileError, csvFileShape, csvRecords } from '../../modules/imports/read-csv.ts';
import {
  deleteImport,
  dropImportRows,
  insertImport,
  insertImportRows,
  previewOf,
  setPreview,
} from '../../modules/imports/repository.ts';
import { skuOf, type FileCheck, type FileRow, type ImportKindRules } from './file-rows.ts';
import { dealerPriceRules } from './dealer-price-rows.ts';
import { priceRules } from './price-rows.ts';
import { productRules } from './product-rules.ts';
import { stockRules } from './stock-rows.ts';

export const importRules: Record<ImportKind, ImportKindRules> = {
  products: productRules,
  stock: stockRules,
  prices: priceRules,
  'dealer-prices': dealerPriceRules,
};

const BATCH = 1000;

const fileError = (message: string) => new AppError('bad_request', message);

/** The header's columns, refused whole when one is unknown or a required one is missing. */
function columnsOf(header: string[], rules: ImportKindRules, file: FileCheck) {
  const columns = header.map((c) => c.trim().toLowerCase());
  if (!columns.includes('sku'))
    throw fileError(
      'The file has no sku column: the first line must name the columns (sku first).',
    );
  const unknown = columns.filter((c) => !file.knows(c));
  if (unknown.length)
    throw fileError(`Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  const missing = rules.required.filter((c) => !columns.includes(c));
  if (missing.length) throw fileError(`The file has no ${missing.join(', ')} column`);
  const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (twice.length) throw fileError(`Column ${twice[0]} is there twice`);
  return columns;
}

/**
 * Checks a whole file and keeps its checked lines for the apply; nothing in the catalogue
 * changes. A file that cannot be read as a whole (not CSV, no sku column, an unknown column, a
 * SKU twice) is a 400 and keeps nothing; a readable file with bad lines is an `invalid`
 * import listing them.
 */
export async function checkImportFile(
  db: Db,
  input: {
    kind: ImportKind;
    companyId: string | null;
    /** The file as the form brought it, written to a private folder (never held in memory). */
    file: { path: string; size: number };
    startedBy: { id: string; email: string };
  },
): Promise<ImportPreview> {
  const rules = importRules[input.kind];
  // A company goes with dealer prices only: sent with another kind, it would be silently
  // ignored, and the sender may have meant dealer prices.
  if (input.kind === 'dealer-prices' && !input.companyId) {
    throw fileError('companyId: choose the company whose dealer prices the file sets');
  }
  if (input.kind !== 'dealer-prices' && input.companyId) {
    throw fileError(`companyId goes with dealer-prices only, not with ${input.kind}`);
  }
  if (input.file.size === 0) throw fileError('The file is empty.');
  const summary = { rows: 0, creates: 0, updates: 0, unchanged: 0, errorCount: 0 };
  const errors: ImportError[] = [];
  const seen = new Set<string>();
  const row = await insertImport(db, {
    kind: input.kind,
    companyId: input.companyId,
    createdBy: input.startedBy.id,
    createdByEmail: input.startedBy.email,
    preview: { ...summary, status: 'invalid', errors: [], newCategories: [], newBrands: [] },
  });
  try {
    const fileCheck = await rules.begin(db, { companyId: input.companyId });
    const shape = await csvFileShape(input.file.path);
    let columns: string[] | undefined;
    let batch: FileRow[] = [];
    const flush = async () => {
      const { checked, errors: found } = await fileCheck.check(batch, shape);
      batch = [];
      summary.errorCount += found.length;
      errors.push(...found.slice(0, MAX_LISTED_ERRORS - errors.length));
      for (const c of checked)
        summary[
          c.change === 'create' ? 'creates' : c.change === 'update' ? 'updates' : 'unchanged'
        ]++;
      // Only what changes is kept for the apply.
      if (summary.errorCount === 0) {
        await insertImportRows(
          db,
          row.id,
          checked.filter((c) => c.change !== 'unchanged'),
        );
      }
    };
    for await (const record of csvRecords(input.file.path, shape)) {
      if (!columns) {
        columns = columnsOf(record.cells, rules, fileCheck);
        continue;
      }
      const cells = Object.fromEntries(columns.map((c, i) => [c, record.cells[i] ?? '']));
      const line = { line: record.line, cells };
      const sku = skuOf(line);
      summary.rows++;
      if (!sku) {
        summary.errorCount++;
        if (errors.length < MAX_LISTED_ERRORS) {
          errors.push({ line: record.line, column: 'sku', message: 'Please enter the SKU' });
        }
        continue;
      }
      if (sku && seen.has(sku))
        throw fileError(`SKU ${sku} is in the file twice (line ${record.line})`);
      seen.add(sku);
      batch.push(line);
      if (batch.length >= BATCH) await flush();
    }
    if (!columns) throw fileError('The file is empty.');
    if (batch.length) await flush();
    const status = summary.errorCount ? ('invalid' as const) : ('valid' as const);
    if (status === 'invalid') await dropImportRows(db, row.id);
    const made = fileCheck.made?.() ?? { newCategories: [], newBrands: [] };
    const preview = { ...summary, status, errors, ...made };
    await setPreview(db, row.id, preview);
    return previewOf({ ...row, preview });
  } catch (err) {
    await deleteImport(db, row.id).catch(() => {});
    if (err instanceof CsvFileError) throw fileError(err.message);
    throw err;
  }
}
