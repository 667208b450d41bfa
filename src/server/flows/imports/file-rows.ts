import type { ImportError } from '../../../contract/imports.ts';
import type { Executor } from '../../db/client.ts';
import type { CatalogView } from '../../modules/catalog/service.ts';

/** A line of the file as its header names the cells. */
export type FileRow = { line: number; cells: Record<string, string> };

/** A line checked: what the apply will write, and whether that changes anything. */
export type CheckedRow = {
  line: number;
  productId: string | null;
  values: Record<string, unknown>;
  change: 'create' | 'update' | 'unchanged';
};

type Applied = { productId: string | null; values: Record<string, unknown>; line: number };

/** The check of one file: what it read once, and what it gathers line by line. */
export type FileCheck = {
  /** Whether a header names a column of this kind. */
  knows: (column: string) => boolean;
  /** A batch of lines checked against the database; nothing is written. */
  check: (
    rows: readonly FileRow[],
    file: { decimalComma: boolean },
  ) => Promise<{ checked: CheckedRow[]; errors: ImportError[] }>;
  /** Categories (as paths) and brands the apply will make. */
  made?: () => { newCategories: string[]; newBrands: string[] };
};

/**
 * One kind of import: the columns its file must have, the check of a file, and its apply: a
 * batch of checked lines at a time, in the apply's one transaction.
 */
export type ImportKindRules = {
  required: readonly string[];
  begin: (db: Executor, file: { companyId: string | null }) => Promise<FileCheck>;
  beginApply: (tx: Executor, context: ApplyContext) => Promise<ApplyBatch>;
};

/** What an apply knows of its import: whose it is, and the company a dealer-prices file is for. */
export type ApplyContext = {
  importId: string;
  companyId: string | null;
  actor: { id: string | null; name: string };
  /** How the products' webhook events answer them (the shop's low-stock mark). */
  view: CatalogView;
};

/** Applies a batch of checked lines; `finish`, when there is one, runs once after the last. */
export type ApplyBatch = ((rows: readonly Applied[]) => Promise<void>) & {
  finish?: () => Promise<void>;
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
