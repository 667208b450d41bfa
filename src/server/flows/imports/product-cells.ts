import {
  ATTRIBUTE_PREFIX,
  CLEAR,
  readList,
  readMoneyCents,
  readPath,
  readTiers,
  readWholeNumber,
} from '../../../contract/csv-cells.ts';
import type { ImportError } from '../../../contract/imports.ts';
import type { TierCents } from '../../../contract/price-ladder.ts';
import type { ProductAttributes } from '../../../contract/taxonomy.ts';

// A products line's cells read into the values they set: an empty cell leaves a field as it
// is (undefined here), `(clear)` empties it (null), anything else is read or is an error on
// its line and column.

export type LineReader = {
  line: number;
  cells: Record<string, string>;
  errors: ImportError[];
  decimalComma: boolean;
};

const given = (r: LineReader, column: string) => {
  const cell = r.cells[column]?.trim();
  return cell === undefined || cell === '' ? undefined : cell;
};

const fail = (r: LineReader, column: string, message: string) => {
  r.errors.push({ line: r.line, column, message });
  return undefined;
};

export function textCell(r: LineReader, column: string): string | null | undefined {
  const cell = given(r, column);
  return cell === CLEAR ? null : cell;
}

export function wholeCell(r: LineReader, column: string, what: string) {
  const cell = given(r, column);
  if (cell === undefined) return undefined;
  const value = readWholeNumber(cell);
  return value === undefined ? fail(r, column, `${what} must be a whole number`) : value;
}

export function moneyCell(r: LineReader, column: string) {
  const cell = given(r, column);
  if (cell === undefined) return undefined;
  const cents = readMoneyCents(cell, r.decimalComma);
  return cents === undefined || cents < 1
    ? fail(r, column, `"${cell}" is not a price (write 4.50)`)
    : cents;
}

export function tiersCell(r: LineReader): TierCents[] | undefined {
  const cell = given(r, 'tiers');
  if (cell === undefined) return undefined;
  const read = readTiers(cell, r.decimalComma);
  return 'error' in read ? fail(r, 'tiers', read.error) : read.tiers;
}

export function pathCell(r: LineReader): string[] | null | undefined {
  const cell = given(r, 'category');
  if (cell === undefined) return undefined;
  return cell === CLEAR ? null : readPath(cell);
}

/** The `attr:<key>` cells: a value or, for a multi attribute, a list; null clears the key. */
export function attributeCells(r: LineReader, multi: (key: string) => boolean) {
  const set: Record<string, string | string[] | null> = {};
  for (const column of Object.keys(r.cells)) {
    if (!column.startsWith(ATTRIBUTE_PREFIX)) continue;
    const key = column.slice(ATTRIBUTE_PREFIX.length);
    const cell = given(r, column);
    if (cell === undefined) continue;
    set[key] = cell === CLEAR ? null : multi(key) ? readList(cell) : cell;
  }
  return set;
}

/** Attribute values after a line's cells are laid over the product's. */
export function mergedAttributes(
  current: ProductAttributes,
  set: Record<string, string | string[] | null>,
): Record<string, string | string[]> {
  const merged: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(current)) {
    merged[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  for (const [key, value] of Object.entries(set)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * What a line's `image_url` does to a product. An http(s) link is fetched by the job after the
 * apply and becomes the product's first image (its `img` the shop's /media/ URL): until then a
 * product keeps its picture, and a new one holds the link (shown as a placeholder, never loaded
 * from that host). A link the product shows already, as its outside link or as the source of its
 * first image, is nothing to do, so an export re-imported changes nothing. Any other value (one
 * of our paths) is the product's `img` as written.
 */
export function linkedPicture(
  cell: string | null | undefined,
  current: { imageUrl: string } | undefined,
  leadSource: string | undefined,
): { keepPicture: boolean; fetchImage?: string } {
  if (!cell || !/^https?:\/\//i.test(cell)) return { keepPicture: false };
  if (!current) return { keepPicture: false, fetchImage: cell };
  if (cell === current.imageUrl || cell === leadSource) return { keepPicture: true };
  return { keepPicture: true, fetchImage: cell };
}
