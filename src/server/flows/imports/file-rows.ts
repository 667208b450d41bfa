import type { ImportError } from '../../../contract/imports.ts';
import type { Executor } from '../../db/client.ts';

/** A line of the file as its header names the cells. */
export type FileRow = { line: number; cells: Record<string, string> };

/** A line checked: what the apply will write, and whether that changes anything. */
export type CheckedRow = {
  line: number;
  productId: string | null;
  values: Record<string, unknown>;
  change: 'create' | 'update' | 'unchanged';
};

/**
 * One kind of import: the columns its file has, how a batch of lines is checked against the
 * database (nothing written), and how a batch of checked lines is applied in the apply's
 * transaction.
 */
export type ImportKindRules = {
  required: readonly string[];
  /** Whether a header names a column of this kind. */
  knows: (column: string) => boolean;
  check: (
    db: Executor,
    rows: readonly FileRow[],
    file: { decimalComma: boolean },
  ) => Promise<{ checked: CheckedRow[]; errors: ImportError[] }>;
  apply: (
    tx: Executor,
    rows: readonly { productId: string | null; values: Record<string, unknown>; line: number }[],
    context: { importId: string; actor: { id: string | null; name: string } },
  ) => Promise<void>;
};

/** The products of a batch of lines by SKU, as `find` reads them. */
export async function bySku<T extends { sku: string }>(
  rows: readonly FileRow[],
  find: (skus: string[]) => Promise<T[]>,
) {
  const skus = [...new Set(rows.map((r) => skuOf(r)))].filter(Boolean);
  const found = skus.length ? await find(skus) : [];
  return new Map(found.map((p) => [p.sku.toUpperCase(), p]));
}

export const skuOf = (row: FileRow) => (row.cells.sku ?? '').trim().toUpperCase();

export const unknownSku = (row: FileRow): ImportError => ({
  line: row.line,
  column: 'sku',
  message: `No product has SKU ${skuOf(row)}`,
});
