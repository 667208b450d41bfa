// The warehouse's papers, drawn like the invoices (same fonts, table and footers): a pick list
// for a batch of orders and a packing slip per order. Neither shows a price.
import { writePdf } from './pdf-document.ts';
import {
  BODY_SIZE,
  type Column,
  contentWidth,
  drawBlock,
  drawParagraph,
  drawTable,
  MARGIN,
  type Pdf,
} from './pdf-layout.ts';
import { useWeight, writeText } from './pdf-text.ts';

export type PickPart = {
  sku: string;
  name: string;
  bin: string | null;
  /** Pieces to pick, summed over the orders. */
  quantity: number;
  /** Which orders take how many, lowest number first. */
  orders: { number: number; quantity: number }[];
};

export type PickListDocument = {
  date: Date;
  shopName: string;
  /** The orders the list is for. */
  orderNumbers: number[];
  parts: PickPart[];
  /** Orders asked for that have nothing to pick, and why. */
  skipped: { number: number; reason: string }[];
};

export type SlipLine = {
  sku: string;
  name: string;
  ordered: number;
  shippedBefore: number;
  /** Allocated and not shipped yet: what goes in this parcel. */
  inParcel: number;
  backordered: number;
};

export type PackingSlipDocument = {
  number: number;
  poNumber: string | null;
  placedAt: Date;
  shippingMethodName: string | null;
  shopName: string;
  shopAddressLines: string[];
  shipToLines: string[];
  lines: SlipLine[];
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const PICK_COLUMNS: Column[] = [
  { title: 'Bin', share: 0.1, align: 'left' },
  { title: 'SKU', share: 0.15, align: 'left', fitUpTo: 0.3 },
  { title: 'Item', share: 0.33, align: 'left', flex: true },
  { title: 'Orders', share: 0.34, align: 'left' },
  // Last, right-aligned as an invoice's amounts: a left-aligned cell after it would touch it.
  { title: 'Qty', share: 0.08, align: 'right' },
];

const SLIP_COLUMNS: Column[] = [
  { title: 'SKU', share: 0.16, align: 'left', fitUpTo: 0.3 },
  { title: 'Item', share: 0.36, align: 'left', flex: true },
  { title: 'Ordered', share: 0.11, align: 'right' },
  { title: 'Shipped before', share: 0.13, align: 'right' },
  { title: 'In this parcel', share: 0.12, align: 'right' },
  { title: 'Backorder', share: 0.12, align: 'right' },
];

/** A title on the left with facts under it, the page's top. */
function drawTitle(pdf: Pdf, title: string, facts: string[]) {
  pdf.fontSize(20);
  writeText(pdf, title, 'bold', MARGIN, MARGIN, { width: contentWidth(pdf) });
  useWeight(pdf, 'regular').fontSize(BODY_SIZE).moveDown(0.3);
  for (const fact of facts.filter(Boolean)) {
    writeText(pdf, fact, 'regular', MARGIN, pdf.y, { width: contentWidth(pdf) });
  }
  pdf.x = MARGIN;
  pdf.y += 14;
}

/** "Pick list 2026-11-30 · Page 1 of 2", or each page's own label, at the foot of every page. */
function drawPageFeet(pdf: Pdf, labelOf: (page: number, count: number) => string) {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // Writing below the bottom margin would otherwise start yet another page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN / 2 - BODY_SIZE;
    pdf.fontSize(BODY_SIZE - 1).fillColor('#666666');
    writeText(pdf, labelOf(i - start, count), 'regular', MARGIN, y, {
      width: contentWidth(pdf),
      align: 'right',
      lineBreak: false,
    });
    pdf.fillColor('black');
    pdf.page.margins.bottom = margin;
  }
}

const takers = (part: PickPart) =>
  part.orders.map((o) => `#${o.number} × ${o.quantity}`).join(', ');

function drawPickList(pdf: Pdf, doc: PickListDocument) {
  const pieces = doc.parts.reduce((sum, part) => sum + part.quantity, 0);
  drawTitle(pdf, 'Pick list', [
    `${doc.shopName} · ${isoDay(doc.date)}`,
    `${doc.orderNumbers.length} ${doc.orderNumbers.length === 1 ? 'order' : 'orders'}: ${doc.orderNumbers.map((n) => `#${n}`).join(', ')}`,
    `${doc.parts.length} ${doc.parts.length === 1 ? 'part' : 'parts'}, ${pieces} ${pieces === 1 ? 'piece' : 'pieces'}, in bin order (then by SKU)`,
  ]);
  const rows = doc.parts.map((part) => [
    part.bin ?? '—',
    part.sku,
    part.name,
    takers(part),
    String(part.quantity),
  ]);
  if (rows.length > 0) drawTable(pdf, PICK_COLUMNS, rows);
  else drawParagraph(pdf, 'Nothing to pick: no allocated piece waits to ship.', true);
  if (doc.skipped.length > 0) {
    pdf.moveDown(1);
    drawParagraph(pdf, 'Not on this list', true);
    for (const { number, reason } of doc.skipped) drawParagraph(pdf, `#${number}: ${reason}`);
  }
  const label = `Pick list ${isoDay(doc.date)}`;
  drawPageFeet(pdf, (page, count) => `${label} · Page ${page + 1} of ${count}`);
}

const awaitedText = (lines: SlipLine[]) =>
  lines
    .filter((l) => l.backordered > 0)
    .map((l) => `${l.backordered} × ${l.name} (${l.sku})`)
    .join(', ');

function drawSlip(pdf: Pdf, slip: PackingSlipDocument) {
  drawTitle(pdf, 'Packing slip', [
    `Order #${slip.number}`,
    slip.poNumber ? `PO number: ${slip.poNumber}` : '',
    `Placed: ${isoDay(slip.placedAt)}`,
    slip.shippingMethodName ? `Shipping: ${slip.shippingMethodName}` : '',
  ]);
  const half = contentWidth(pdf) / 2;
  const top = pdf.y;
  const shipEnd = drawBlock(pdf, MARGIN, top, half - 10, 'Ship to', slip.shipToLines);
  const fromEnd = drawBlock(pdf, MARGIN + half, top, half, 'From', [
    slip.shopName,
    ...slip.shopAddressLines,
  ]);
  pdf.x = MARGIN;
  pdf.y = Math.max(shipEnd, fromEnd) + 20;
  drawTable(
    pdf,
    SLIP_COLUMNS,
    slip.lines.map((l) => [
      l.sku,
      l.name,
      String(l.ordered),
      String(l.shippedBefore),
      String(l.inParcel),
      String(l.backordered),
    ]),
  );
  pdf.moveDown(1);
  const awaited = awaitedText(slip.lines);
  drawParagraph(
    pdf,
    awaited
      ? `Stays on backorder: ${awaited}. It follows when it is in.`
      : 'Nothing stays on backorder.',
    true,
  );
}

function drawSlips(pdf: Pdf, slips: PackingSlipDocument[]) {
  // Each order starts its own page; the page knows whose it is for its footer.
  const owner: number[] = [];
  slips.forEach((slip, i) => {
    if (i > 0) pdf.addPage();
    const first = pdf.bufferedPageRange().count - 1;
    drawSlip(pdf, slip);
    for (let p = first; p < pdf.bufferedPageRange().count; p++) owner[p] = slip.number;
  });
  drawPageFeet(pdf, (page) => `Packing slip · Order #${owner[page] ?? ''}`);
}

export const renderPickListPdf = (doc: PickListDocument) =>
  writePdf(
    {
      title: `Pick list ${isoDay(doc.date)}`,
      author: doc.shopName,
      subject: 'Pick list',
      date: doc.date,
    },
    (pdf) => drawPickList(pdf, doc),
  );

export const renderPackingSlipsPdf = (slips: PackingSlipDocument[], date: Date) =>
  writePdf(
    {
      title: `Packing slips ${slips.map((s) => `#${s.number}`).join(' ')}`.slice(0, 200),
      author: slips[0]?.shopName ?? '',
      subject: 'Packing slips',
      date,
    },
    (pdf) => drawSlips(pdf, slips),
  );
