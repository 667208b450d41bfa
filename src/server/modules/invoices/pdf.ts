// Invoices and credit notes as PDF, written with pdfkit in embedded Unicode fonts (pdf-fonts.ts):
// every word is real text a bookkeeper's software can read back, in the letters it was typed in.
import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { InvoiceDocument } from './document.ts';
import { writePdf } from './pdf-document.ts';
import {
  BODY_SIZE,
  type Column,
  contentWidth,
  drawAmountRow,
  drawBlock,
  drawFooters,
  drawParagraph,
  drawTable,
  MARGIN,
  type Pdf,
} from './pdf-layout.ts';
import { useWeight, writeText } from './pdf-text.ts';

const LINE_COLUMNS: Column[] = [
  { title: 'SKU', share: 0.15, align: 'left', fitUpTo: 0.36 },
  { title: 'Item', share: 0.42, align: 'left', flex: true },
  { title: 'Qty', share: 0.08, align: 'right' },
  { title: 'Unit price', share: 0.16, align: 'right' },
  { title: 'Line total', share: 0.19, align: 'right' },
];

/** The calendar day in UTC, as invoices write it: 2026-03-14. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const money = (cents: number) => formatDollars(centsToDollars(cents));

/** 20500 milli-percent is "20.5", 8875 is "8.875", 20000 is "20". */
export function formatRate(rateMilli: number) {
  const whole = Math.trunc(rateMilli / 1000);
  const fraction = String(Math.abs(rateMilli % 1000))
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export const pdfFileName = (doc: InvoiceDocument) =>
  `${doc.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

function drawHeader(pdf: Pdf, doc: InvoiceDocument) {
  const half = contentWidth(pdf) / 2;
  const { seller, buyer } = doc;
  const sellerLines = [...seller.addressLines, seller.vatId ? `VAT ID: ${seller.vatId}` : ''];
  const sellerEnd = drawBlock(pdf, MARGIN, MARGIN, half - 10, seller.legalName, sellerLines);

  const rightX = MARGIN + half;
  const title = doc.kind === 'invoice' ? 'Invoice' : 'Credit note';
  pdf.fontSize(20);
  writeText(pdf, title, 'bold', rightX, MARGIN, { width: half, align: 'right' });
  useWeight(pdf, 'regular').fontSize(BODY_SIZE).moveDown(0.3);
  const facts = [
    `Number: ${doc.number}`,
    `Date: ${isoDay(doc.date)}`,
    `Order: #${doc.orderNumber}`,
    doc.poNumber ? `PO number: ${doc.poNumber}` : '',
    doc.kind === 'invoice' && doc.dueAt ? `Due date: ${isoDay(doc.dueAt)}` : '',
    // An order paid before invoices were numbered has no invoice to name.
    doc.kind === 'credit-note' && doc.invoiceNumber ? `Credits invoice ${doc.invoiceNumber}` : '',
  ];
  for (const fact of facts.filter(Boolean)) {
    writeText(pdf, fact, 'regular', rightX, pdf.y, { width: half, align: 'right' });
  }

  const partiesY = Math.max(sellerEnd, pdf.y) + 20;
  const billTo = [
    buyer.name,
    buyer.company,
    ...buyer.billingAddressLines,
    buyer.email,
    buyer.vatId ? `VAT ID: ${buyer.vatId}` : '',
  ];
  const billEnd = drawBlock(pdf, MARGIN, partiesY, half - 10, 'Bill to', billTo);
  const shipEnd = drawBlock(pdf, rightX, partiesY, half, 'Ship to', doc.shipToLines);
  pdf.x = MARGIN;
  pdf.y = Math.max(billEnd, shipEnd) + 20;
}

// A credit note takes the amounts back: they print as negative, as bookkeeping expects.
const signOf = (doc: InvoiceDocument) => (doc.kind === 'credit-note' ? -1 : 1);

function drawTotals(pdf: Pdf, doc: InvoiceDocument) {
  const amount = (cents: number) => money(signOf(doc) * cents);
  pdf.moveDown(0.8);
  drawAmountRow(pdf, 'Subtotal', amount(doc.subtotalCents));
  const method = doc.shippingMethodName ? ` (${doc.shippingMethodName})` : '';
  drawAmountRow(pdf, `Shipping${method}`, amount(doc.shippingCents));
  for (const tax of doc.tax) {
    drawAmountRow(pdf, `${tax.name} (${formatRate(tax.rateMilli)}%)`, amount(tax.amountCents));
  }
  const total = doc.kind === 'credit-note' ? 'Total credited' : 'Total';
  drawAmountRow(pdf, total, amount(doc.grandTotalCents), true);
}

function drawNotes(pdf: Pdf, doc: InvoiceDocument) {
  pdf.moveDown(1);
  if (doc.paidAt) {
    const paid = doc.kind === 'credit-note' ? 'Refunded' : 'Paid';
    drawParagraph(pdf, `${paid} ${isoDay(doc.paidAt)}`, true);
  }
  if (doc.dueAt) {
    const onAccount =
      doc.kind === 'invoice'
        ? `Charged to account: payment due ${isoDay(doc.dueAt)}`
        : 'Credited to the account';
    drawParagraph(pdf, onAccount, true);
  }
  if (doc.reverseCharge) drawParagraph(pdf, doc.reverseChargeText);
  if (doc.taxExemptCertificate) {
    drawParagraph(pdf, `Tax exempt (certificate ${doc.taxExemptCertificate})`);
  }
  if (doc.kind === 'credit-note' && doc.reason.trim()) {
    drawParagraph(pdf, `Reason: ${doc.reason}`);
  }
}

function draw(pdf: Pdf, doc: InvoiceDocument) {
  drawHeader(pdf, doc);
  const rows = doc.lines.map((line) => [
    line.sku,
    line.name,
    String(line.quantity),
    money(line.unitPriceCents),
    money(signOf(doc) * line.lineTotalCents),
  ]);
  drawTable(pdf, LINE_COLUMNS, rows);
  drawTotals(pdf, doc);
  drawNotes(pdf, doc);
  drawFooters(pdf, doc.number);
}

export const renderInvoicePdf = (doc: InvoiceDocument): Promise<Buffer> =>
  writePdf(
    {
      title: doc.number,
      author: doc.seller.legalName,
      subject: doc.kind === 'invoice' ? 'Invoice' : 'Credit note',
      date: doc.date,
    },
    (pdf) => draw(pdf, doc),
  );
