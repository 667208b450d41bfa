// How a value is written in a CSV cell, for the imports and the exports alike: what an export
// writes, an import reads back unchanged (docs/decisions/0029-imports-exports-and-jobs.md).
import { centsToDollars } from './money.ts';

/** The columns of a products file, in the order an export writes them; `attr:<key>` follow. */
export const productColumns = [
  'sku',
  'name',
  'description',
  'price',
  'tiers',
  'moq',
  'pack_size',
  'weight_grams',
  'brand',
  'category',
  'mpn',
  'gtin',
  'bin',
  'image_url',
  'family',
] as const;
export type ProductColumn = (typeof productColumns)[number];

export const ATTRIBUTE_PREFIX = 'attr:';

/** The columns of the other kinds of import. */
export const stockColumns = ['sku', 'stock'] as const;
export const priceColumns = ['sku', 'price', 'tiers'] as const;

/** The word that empties a field on an update (an empty cell leaves it as it is). */
export const CLEAR = '(clear)';

/** Between the levels of a category path: "Drivetrain > Chains > 11-speed". */
export const PATH_SEPARATOR = ' > ';
/** Between the values of a multi-valued attribute, and between the rungs of a ladder. */
export const LIST_SEPARATOR = '|';

/** Cents as a file writes money: a dot and two decimals ("4.50"), whatever the separator. */
export const moneyCell = (cents: number) => centsToDollars(cents).toFixed(2);

/** A ladder as "10:4.50|50:4.10". */
export const tiersCell = (tiers: readonly { minQuantity: number; priceCents: number }[]) =>
  tiers.map((t) => `${t.minQuantity}:${moneyCell(t.priceCents)}`).join(LIST_SEPARATOR);

/** A category's path from its top level down. */
export const pathCell = (names: readonly string[]) => names.join(PATH_SEPARATOR);

/** An attribute's value or values. */
export const attributeCell = (value: string | number | boolean | readonly (string | number)[]) =>
  Array.isArray(value) ? value.join(LIST_SEPARATOR) : String(value);

/**
 * A money cell as people type it: "4.50", "4,50" when the file's separator is ";" (a decimal
 * comma), "1,234.50" never (a thousands separator is refused rather than guessed). Undefined
 * when it is not money; the caller names the line and column.
 */
export function readMoneyCents(cell: string, decimalComma: boolean): number | undefined {
  const text = decimalComma ? cell.trim().replace(',', '.') : cell.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** "10:4.50|50:4.10" as rungs, or a message saying what is wrong with it. */
export function readTiers(
  cell: string,
  decimalComma: boolean,
): { tiers: { minQuantity: number; priceCents: number }[] } | { error: string } {
  const tiers: { minQuantity: number; priceCents: number }[] = [];
  for (const rung of cell.split(LIST_SEPARATOR)) {
    const [quantity = '', price = '', extra] = rung.split(':');
    const priceCents = readMoneyCents(price, decimalComma);
    if (extra !== undefined || !/^\d{1,7}$/.test(quantity.trim()) || priceCents === undefined) {
      return { error: `"${rung}" is not quantity:price (write 10:4.50|50:4.10)` };
    }
    tiers.push({ minQuantity: Number(quantity.trim()), priceCents });
  }
  return { tiers };
}

/** A whole-number cell, or undefined. */
export function readWholeNumber(cell: string): number | undefined {
  const text = cell.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/** A category path's names, or an empty list for an empty path. */
export const readPath = (cell: string) =>
  cell
    .split('>')
    .map((s) => s.trim())
    .filter(Boolean);

/** A multi-valued cell's values. */
export const readList = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);
