// The drawing pieces of an invoice PDF: the line table that flows over pages, the label/amount
// rows under it and the page footers. Kept apart from what an invoice says (pdf.ts); text goes
// through pdf-text.ts, which picks a font for every character.
import type { Weight } from './pdf-fonts.ts';
import { heightOfText, useWeight, widthOfText, writeText } from './pdf-text.ts';

export type Pdf = PDFKit.PDFDocument;

export const MARGIN = 50;
export const BODY_SIZE = 9;
const ROW_PADDING = 4;
const CELL_GAP = 8;
const RULE_COLOR = '#d0d0d0';
const HEADER_FILL = '#f0f0f0';

export const contentWidth = (pdf: Pdf) => pdf.page.width - MARGIN * 2;
const bottom = (pdf: Pdf) => pdf.page.height - MARGIN;

/** Starts a new page when `height` points do not fit on this one; says whether it did. */
export function ensureRoom(pdf: Pdf, height: number) {
  if (pdf.y + height <= bottom(pdf)) return false;
  pdf.addPage();
  pdf.y = MARGIN;
  return true;
}

export interface Column {
  title: string;
  /** A share of the content width; the shares add up to 1. */
  share: number;
  align: 'left' | 'right';
  /**
   * Codes such as SKUs are read whole: the column widens, up to this share, to keep its widest
   * text on one line, and the text shrinks (to MIN_FIT_SIZE) past that, rather than break.
   */
  fitUpTo?: number;
  /** The column that gives up the width a fitted column takes (the item's name). */
  flex?: boolean;
}

// Small, but a 40-character SKU of the widest letters still fits; real ones print near 7pt.
const MIN_FIT_SIZE = 4.5;

interface Cell {
  x: number;
  width: number;
  align: 'left' | 'right';
  fit: boolean;
}

function sharesOf(pdf: Pdf, columns: Column[], rows: string[][]) {
  pdf.fontSize(BODY_SIZE);
  const shares = columns.map((column, i) => {
    if (!column.fitUpTo) return column.share;
    const widest = Math.max(0, ...rows.map((row) => widthOfText(pdf, row[i] ?? '', 'regular')));
    const needed = (widest + CELL_GAP + 1) / contentWidth(pdf);
    return Math.min(column.fitUpTo, Math.max(column.share, needed));
  });
  const taken = shares.reduce((sum, share, i) => sum + share - (columns[i]?.share ?? 0), 0);
  return shares.map((share, i) => (columns[i]?.flex ? share - taken : share));
}

function cellsOf(pdf: Pdf, columns: Column[], rows: string[][]): Cell[] {
  let x = MARGIN;
  return sharesOf(pdf, columns, rows).map((share, i) => {
    const width = contentWidth(pdf) * share;
    const align = columns[i]?.align ?? 'left';
    // The gap sits on the side facing the neighbouring column, so numbers keep their edge.
    const cell = {
      x: align === 'right' ? x + CELL_GAP : x,
      width: width - CELL_GAP,
      align,
      fit: Boolean(columns[i]?.fitUpTo),
    };
    x += width;
    return cell;
  });
}

/** Sets the size for one cell's text; a fitted cell shrinks its text to stay on one line. */
function useCellSize(pdf: Pdf, weight: Weight, cell: Cell | undefined, text: string) {
  pdf.fontSize(BODY_SIZE);
  if (!cell?.fit) return;
  const width = widthOfText(pdf, text, weight);
  // A hair under the exact fit, so rounding in the line wrapper cannot break it after all.
  if (width > cell.width)
    pdf.fontSize(Math.max(MIN_FIT_SIZE, (BODY_SIZE * cell.width * 0.99) / width));
}

function rowHeight(pdf: Pdf, cells: Cell[], texts: string[], weight: Weight) {
  const heights = texts.map((text, i) => {
    useCellSize(pdf, weight, cells[i], text);
    return heightOfText(pdf, text, weight, cells[i]?.width ?? contentWidth(pdf));
  });
  return Math.max(...heights) + ROW_PADDING * 2;
}

function drawRow(pdf: Pdf, cells: Cell[], texts: string[], weight: Weight, fill?: string) {
  const height = rowHeight(pdf, cells, texts, weight);
  const top = pdf.y;
  if (fill) pdf.rect(MARGIN, top, contentWidth(pdf), height).fill(fill).fillColor('black');
  texts.forEach((text, i) => {
    const cell = cells[i];
    if (!cell) return;
    useCellSize(pdf, weight, cell, text);
    writeText(pdf, text, weight, cell.x, top + ROW_PADDING, {
      width: cell.width,
      align: cell.align,
    });
  });
  const ruleY = top + height;
  pdf
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + contentWidth(pdf), ruleY)
    .lineWidth(0.5);
  pdf.strokeColor(RULE_COLOR).stroke().strokeColor('black');
  pdf.x = MARGIN;
  pdf.y = ruleY;
}

/** A table whose rows wrap long text, and which repeats its header on every page it reaches. */
export function drawTable(pdf: Pdf, columns: Column[], rows: string[][]) {
  const cells = cellsOf(pdf, columns, rows);
  const header = columns.map((column) => column.title);
  const headerHeight = rowHeight(pdf, cells, header, 'bold');
  ensureRoom(pdf, headerHeight * 2);
  drawRow(pdf, cells, header, 'bold', HEADER_FILL);
  for (const row of rows) {
    if (ensureRoom(pdf, rowHeight(pdf, cells, row, 'regular'))) {
      drawRow(pdf, cells, header, 'bold', HEADER_FILL);
    }
    drawRow(pdf, cells, row, 'regular');
  }
}

/** "Subtotal ... $1,234.50" rows on the right, under the table. */
export function drawAmountRow(pdf: Pdf, label: string, amount: string, bold = false) {
  const amountWidth = contentWidth(pdf) * 0.2;
  const labelWidth = contentWidth(pdf) * 0.4;
  const amountX = MARGIN + contentWidth(pdf) - amountWidth;
  const labelX = amountX - labelWidth;
  const weight = bold ? 'bold' : 'regular';
  pdf.fontSize(bold ? BODY_SIZE + 2 : BODY_SIZE);
  const height = heightOfText(pdf, label, weight, labelWidth - CELL_GAP) + ROW_PADDING;
  ensureRoom(pdf, height);
  const top = pdf.y;
  writeText(pdf, label, weight, labelX, top, { width: labelWidth - CELL_GAP });
  writeText(pdf, amount, weight, amountX, top, { width: amountWidth, align: 'right' });
  pdf.x = MARGIN;
  pdf.y = top + height;
}

/** A paragraph across the page, moved whole onto the next page when it does not fit. */
export function drawParagraph(pdf: Pdf, text: string, bold = false) {
  const weight = bold ? 'bold' : 'regular';
  pdf.fontSize(BODY_SIZE);
  ensureRoom(pdf, heightOfText(pdf, text, weight, contentWidth(pdf)));
  writeText(pdf, text, weight, MARGIN, pdf.y, { width: contentWidth(pdf) });
  useWeight(pdf, weight).moveDown(0.4);
}

/** "INV-2026-000123 · Page 2 of 3" at the foot of every page, once all pages are known. */
export function drawFooters(pdf: Pdf, label: string) {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // Writing below the bottom margin would otherwise start yet another page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN / 2 - BODY_SIZE;
    pdf.fontSize(BODY_SIZE - 1).fillColor('#666666');
    const text = `${label} · Page ${i - start + 1} of ${count}`;
    writeText(pdf, text, 'regular', MARGIN, y, {
      width: contentWidth(pdf),
      align: 'right',
      lineBreak: false,
    });
    pdf.fillColor('black');
    pdf.page.margins.bottom = margin;
  }
}

/** A block of lines under a bold heading, at (x, y) and `width` wide; answers where it ends. */
export function drawBlock(
  pdf: Pdf,
  x: number,
  y: number,
  width: number,
  heading: string,
  lines: string[],
) {
  pdf.fontSize(BODY_SIZE);
  writeText(pdf, heading, 'bold', x, y, { width });
  for (const line of lines.filter((l) => l.trim() !== '')) {
    writeText(pdf, line, 'regular', x, pdf.y, { width });
  }
  return pdf.y;
}
