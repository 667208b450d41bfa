// The drawing pieces of an invoice PDF: the line table that flows over pages, the label/amount
// rows under it and the page footers. Kept apart from what an invoice says (pdf.ts).

export type Pdf = PDFKit.PDFDocument;

export const MARGIN = 50;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const BODY_SIZE = 9;
const ROW_PADDING = 4;
const CELL_GAP = 8;
const RULE_COLOR = '#d0d0d0';
const HEADER_FILL = '#f0f0f0';

// The built-in fonts encode text as WinAnsi (Latin-1 and a few more). pdfkit writes any other
// character as bytes that read back as garbage, so a name like "Łódź" is printed "Lodz", as
// an address label would, rather than unreadable: no font files are shipped with the server.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SPELLED_OUT: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i' };

export function pdfText(text: string) {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.has(char)
    ) {
      out += char;
    } else if (code < 0x20) {
      out += ' ';
    } else {
      const bare = (SPELLED_OUT[char] ?? char.normalize('NFD')).replace(/\p{M}/gu, '');
      out += [...bare].every((c) => c.charCodeAt(0) <= 0x7e) ? bare : '?';
    }
  }
  return out;
}

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
  pdf.font(FONT).fontSize(BODY_SIZE);
  const shares = columns.map((column, i) => {
    if (!column.fitUpTo) return column.share;
    const widest = Math.max(0, ...rows.map((row) => pdf.widthOfString(row[i] ?? '')));
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

/** Sets the font for one cell's text; a fitted cell shrinks its text to stay on one line. */
function useCellFont(pdf: Pdf, font: string, cell: Cell | undefined, text: string) {
  pdf.font(font).fontSize(BODY_SIZE);
  if (!cell?.fit) return;
  const width = pdf.widthOfString(text);
  // A hair under the exact fit, so rounding in the line wrapper cannot break it after all.
  if (width > cell.width)
    pdf.fontSize(Math.max(MIN_FIT_SIZE, (BODY_SIZE * cell.width * 0.99) / width));
}

function rowHeight(pdf: Pdf, cells: Cell[], texts: string[], font: string) {
  const heights = texts.map((text, i) => {
    useCellFont(pdf, font, cells[i], text);
    return pdf.heightOfString(text, { width: cells[i]?.width });
  });
  return Math.max(...heights) + ROW_PADDING * 2;
}

function drawRow(pdf: Pdf, cells: Cell[], texts: string[], font: string, fill?: string) {
  const height = rowHeight(pdf, cells, texts, font);
  const top = pdf.y;
  if (fill) pdf.rect(MARGIN, top, contentWidth(pdf), height).fill(fill).fillColor('black');
  texts.forEach((text, i) => {
    const cell = cells[i];
    if (!cell) return;
    useCellFont(pdf, font, cell, text);
    pdf.text(text, cell.x, top + ROW_PADDING, { width: cell.width, align: cell.align });
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
export function drawTable(pdf: Pdf, columns: Column[], rawRows: string[][]) {
  const rows = rawRows.map((row) => row.map(pdfText));
  const cells = cellsOf(pdf, columns, rows);
  const header = columns.map((column) => pdfText(column.title));
  const headerHeight = rowHeight(pdf, cells, header, BOLD);
  ensureRoom(pdf, headerHeight * 2);
  drawRow(pdf, cells, header, BOLD, HEADER_FILL);
  for (const row of rows) {
    if (ensureRoom(pdf, rowHeight(pdf, cells, row, FONT))) {
      drawRow(pdf, cells, header, BOLD, HEADER_FILL);
    }
    drawRow(pdf, cells, row, FONT);
  }
}

/** "Subtotal ... $1,234.50" rows on the right, under the table. */
export function drawAmountRow(pdf: Pdf, label: string, amount: string, bold = false) {
  const amountWidth = contentWidth(pdf) * 0.2;
  const labelWidth = contentWidth(pdf) * 0.4;
  const amountX = MARGIN + contentWidth(pdf) - amountWidth;
  const labelX = amountX - labelWidth;
  pdf.font(bold ? BOLD : FONT).fontSize(bold ? BODY_SIZE + 2 : BODY_SIZE);
  const text = pdfText(label);
  const height = pdf.heightOfString(text, { width: labelWidth - CELL_GAP }) + ROW_PADDING;
  ensureRoom(pdf, height);
  const top = pdf.y;
  pdf.text(text, labelX, top, { width: labelWidth - CELL_GAP });
  pdf.text(pdfText(amount), amountX, top, { width: amountWidth, align: 'right' });
  pdf.x = MARGIN;
  pdf.y = top + height;
}

/** A paragraph across the page, moved whole onto the next page when it does not fit. */
export function drawParagraph(pdf: Pdf, text: string, bold = false) {
  pdf.font(bold ? BOLD : FONT).fontSize(BODY_SIZE);
  const safe = pdfText(text);
  ensureRoom(pdf, pdf.heightOfString(safe, { width: contentWidth(pdf) }));
  pdf.text(safe, MARGIN, pdf.y, { width: contentWidth(pdf) });
  pdf.moveDown(0.4);
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
    pdf
      .font(FONT)
      .fontSize(BODY_SIZE - 1)
      .fillColor('#666666');
    const text = pdfText(`${label} · Page ${i - start + 1} of ${count}`);
    pdf.text(text, MARGIN, y, { width: contentWidth(pdf), align: 'right', lineBreak: false });
    pdf.fillColor('black');
    pdf.page.margins.bottom = margin;
  }
}
