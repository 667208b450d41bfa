import { MAX_ORDER_QUANTITY } from '../../../contract/orders.ts';

/** One pasted line, read: a SKU and a quantity, or why it could not be read. */
export type PastedLine =
  { line: number; sku: string; quantity: number } | { line: number; sku: string; error: string };

/** The most lines one paste may hold. */
export const MAX_PASTED_LINES = 1000;

// A line with a tab, comma or semicolon is a spreadsheet or CSV row: those separate its cells,
// so a cell may hold spaces. Otherwise spaces separate the SKU from the quantity.
const CELL_SEPARATORS = /[\t,;]/;

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .replace(/""/g, '"')
    .trim();

function cellsOf(text: string) {
  const cells = CELL_SEPARATORS.test(text) ? text.split(CELL_SEPARATORS) : text.split(/\s+/);
  return cells.map(unquote).filter((cell) => cell.length > 0);
}

const looksLikeHeader = (cells: string[]) =>
  cells.length >= 1 &&
  /^(sku|part|item|code|article)/i.test(cells[0] ?? '') &&
  !/^\d/.test(cells[1] ?? '');

/**
 * Reads lines of "SKU quantity" as pasted from a spreadsheet or CSV file. Blank lines and a
 * first header row ("sku,quantity") are passed over; every other line gives a result, so the
 * customer sees each line they pasted accounted for.
 */
export function parsePastedLines(text: string): PastedLine[] {
  const read: PastedLine[] = [];
  const rows = text.split(/\r\n|\r|\n/);
  let seenContent = false;
  for (const [index, raw] of rows.entries()) {
    const cells = cellsOf(raw);
    if (cells.length === 0) continue;
    const line = index + 1;
    const first = !seenContent;
    seenContent = true;
    if (first && looksLikeHeader(cells)) continue;
    if (read.length >= MAX_PASTED_LINES) {
      read.push({ line, sku: cells[0] ?? '', error: `Paste at most ${MAX_PASTED_LINES} lines` });
      break;
    }
    const [sku = '', amount] = cells;
    if (amount === undefined) {
      read.push({ line, sku, error: 'Give a quantity after the SKU' });
      continue;
    }
    if (!/^\d+$/.test(amount) || Number(amount) < 1) {
      read.push({ line, sku, error: `"${amount}" is not a whole number of pieces` });
      continue;
    }
    const quantity = Number(amount);
    if (quantity > MAX_ORDER_QUANTITY) {
      read.push({ line, sku, error: `Quantity must be at most ${MAX_ORDER_QUANTITY}` });
      continue;
    }
    read.push({ line, sku, quantity });
  }
  return read;
}
