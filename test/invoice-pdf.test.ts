import { extractText, extractTextItems, getDocumentProxy, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument, InvoiceLine } from '../src/server/modules/invoices/document.ts';
import { pdfFileName, renderInvoicePdf } from '../src/server/modules/invoices/pdf.ts';

// The invoice a bookkeeper receives must carry, as text their software reads, everything the
// issue lists; read back here with a PDF library independent of the one that wrote it.

const REVERSE_CHARGE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC).';

const lines: InvoiceLine[] = [
  {
    sku: 'BRK-1001',
    name: 'Hydraulic disc brake caliper',
    quantity: 4,
    unitPriceCents: 4599,
    lineTotalCents: 18396,
  },
  {
    sku: 'CHN-2040',
    name: '11-speed chain',
    quantity: 10,
    unitPriceCents: 2450,
    lineTotalCents: 24500,
  },
  {
    sku: 'TL-77',
    name: 'Workshop truing stand, professional model with a name long enough to wrap inside its column',
    quantity: 1,
    unitPriceCents: 123450,
    lineTotalCents: 123450,
  },
];

const invoice: InvoiceDocument = {
  kind: 'invoice',
  number: 'INV-2026-000123',
  date: new Date('2026-03-14T10:00:00Z'),
  orderNumber: 1042,
  seller: {
    legalName: 'ECParts Manufacturing GmbH',
    addressLines: ['Industriestrasse 12', '80331 Munich', 'Germany'],
    vatId: 'DE136695976',
  },
  buyer: {
    name: 'Dana Spokes',
    company: 'Spokes & Sons Bikes',
    email: 'dana@spokes.example',
    vatId: 'US-EIN-12-3456789',
    billingAddressLines: ['500 Billing Ave', 'Suite 9', 'Sacramento, CA 95814', 'United States'],
  },
  shipToLines: ['Spokes & Sons Workshop', '77 Delivery Road', 'Davis, CA 95616', 'United States'],
  lines,
  subtotalCents: 166346,
  shippingCents: 1500,
  shippingMethodName: 'Standard by weight',
  tax: [{ name: 'California sales tax', rateMilli: 7250, amountCents: 12169 }],
  grandTotalCents: 180015,
  paidAt: new Date('2026-03-12T18:30:00Z'),
  reverseCharge: false,
  reverseChargeText: REVERSE_CHARGE,
  taxExemptCertificate: null,
};

async function readBack(pdf: Buffer) {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(proxy, { mergePages: false });
  const pages = text.map((page) => page.replace(/\s+/g, ' '));
  return { totalPages, pages, text: pages.join(' '), proxy };
}

/** No piece of text is drawn over another, on any page. */
async function expectNoTextOverlap(proxy: Awaited<ReturnType<typeof getDocumentProxy>>) {
  const { items } = await extractTextItems(proxy);
  const overlaps: string[] = [];
  for (const pageItems of items) {
    const boxes = pageItems.filter((item) => item.str.trim() !== '');
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const overlapY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        if (overlapX > 0.5 && overlapY > 0.5) overlaps.push(`"${a.str}" on "${b.str}"`);
      }
    }
  }
  expect(overlaps).toEqual([]);
}

describe('invoice and credit note PDFs', () => {
  it('carry every item a bookkeeper needs as readable text', async () => {
    const pdf = await renderInvoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, totalPages, proxy } = await readBack(pdf);
    expect(totalPages).toBe(1);

    expect(text).toContain('Invoice');
    expect(text).toContain('INV-2026-000123');
    expect(text).toContain('2026-03-14');
    expect(text).toContain('#1042');
    for (const part of ['ECParts Manufacturing GmbH', 'Industriestrasse 12', '80331 Munich']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('VAT ID: DE136695976');
    for (const part of ['Bill to', 'Dana Spokes', 'Spokes & Sons Bikes', '500 Billing Ave']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('Sacramento, CA 95814');
    expect(text).toContain('VAT ID: US-EIN-12-3456789');
    for (const part of [
      'Ship to',
      'Spokes & Sons Workshop',
      '77 Delivery Road',
      'Davis, CA 95616',
    ]) {
      expect(text).toContain(part);
    }
    for (const header of ['SKU', 'Item', 'Qty', 'Unit price', 'Line total']) {
      expect(text).toContain(header);
    }
    // Each line reads in order across its row: SKU, name, quantity, unit price, line total.
    expect(text).toMatch(/BRK-1001 ?Hydraulic disc brake caliper ?4 ?\$45\.99 ?\$183\.96/);
    expect(text).toMatch(/CHN-2040 ?11-speed chain ?10 ?\$24\.50 ?\$245\.00/);
    expect(text).toContain(lines[2]?.name);
    expect(text).toMatch(/column ?1 ?\$1,234\.50 ?\$1,234\.50/);

    expect(text).toMatch(/Subtotal ?\$1,663\.46/);
    expect(text).toMatch(/Shipping \(Standard by weight\) ?\$15\.00/);
    expect(text).toMatch(/California sales tax \(7\.25%\) ?\$121\.69/);
    expect(text).toMatch(/Total ?\$1,800\.15/);
    expect(text).toContain('Paid 2026-03-12');
    expect(text).not.toContain('Reverse charge');

    const { info } = await getMeta(proxy);
    expect(info.Title).toBe('INV-2026-000123');
    expect(info.Author).toBe('ECParts Manufacturing GmbH');
    expect(pdfFileName(invoice)).toBe('INV-2026-000123.pdf');
  });

  it('render the same document to the same bytes', async () => {
    const [first, second] = await Promise.all([
      renderInvoicePdf(invoice),
      renderInvoicePdf(invoice),
    ]);
    expect(first.equals(second)).toBe(true);
  });

  it('state the reverse charge and charge no tax when it applies', async () => {
    const { text } = await readBack(
      await renderInvoicePdf({
        ...invoice,
        tax: [],
        grandTotalCents: 167846,
        reverseCharge: true,
        buyer: { ...invoice.buyer, vatId: 'FR40303265045' },
      }),
    );
    expect(text).toContain(REVERSE_CHARGE);
    expect(text).toContain('VAT ID: FR40303265045');
    expect(text).not.toContain('%)');
    expect(text).toMatch(/Total ?\$1,678\.46/);
  });

  it('name the certificate of a tax-exempt buyer and leave out what is not known', async () => {
    const { text } = await readBack(
      await renderInvoicePdf({
        ...invoice,
        tax: [],
        paidAt: null,
        shippingMethodName: null,
        taxExemptCertificate: 'CA-RESALE-889',
        buyer: { ...invoice.buyer, vatId: '', company: '' },
      }),
    );
    expect(text).toContain('Tax exempt (certificate CA-RESALE-889)');
    expect(text).not.toContain('Paid');
    expect(text).not.toContain('US-EIN');
    expect(text).toMatch(/Shipping ?\$15\.00/);
  });

  it('print Polish, Greek and Japanese names exactly as they were typed', async () => {
    const international: InvoiceDocument = {
      ...invoice,
      poNumber: 'PO Łódź 山田-7',
      buyer: {
        ...invoice.buyer,
        name: '山田 太郎',
        company: 'Zażółć gęślą jaźń Sp. z o.o.',
        billingAddressLines: ['ul. Piotrkowska 1', '90-001 Łódź', 'Polska'],
      },
      shipToLines: ['Νίκος Παπαδόπουλος', 'Οδός Ερμού 5', '105 63 Αθήνα', 'Ελλάδα', 'Bike 🚲 door'],
      lines: [{ ...lines[0]!, name: 'ブレーキキャリパー (Łódź edition) 髙﨑' }],
    };
    const pdf = await renderInvoicePdf(international);
    const { text, proxy } = await readBack(pdf);
    for (const part of [
      '山田 太郎',
      'Zażółć gęślą jaźń Sp. z o.o.',
      '90-001 Łódź',
      'Νίκος Παπαδόπουλος',
      '105 63 Αθήνα',
      'PO number: PO Łódź 山田-7',
      'ブレーキキャリパー (Łódź edition) 髙﨑',
      // A character no font has is marked as missing, never printed as another one.
      'Bike ? door',
    ]) {
      expect(text).toContain(part);
    }
    await expectNoTextOverlap(proxy);
    expect((await renderInvoicePdf(international)).equals(pdf)).toBe(true);

    // Embedded as subsets (the Japanese face alone is 5.5 MB), and only the faces a document uses.
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular\b/);
    expect(pdf.length).toBeLessThan(60_000);
    expect((await renderInvoicePdf(invoice)).toString('latin1')).not.toContain('NotoSansJP');
  });

  it('keep the longest SKU the catalog allows whole, on one line', async () => {
    const longSku = 'SHIMANO-DEORE-XT-BR-M8120-KIT-FRONT-REAR';
    expect(longSku).toHaveLength(40);
    const { text, proxy } = await readBack(
      await renderInvoicePdf({
        ...invoice,
        lines: [...lines, { ...lines[0]!, sku: longSku }, { ...lines[1]!, sku: 'W'.repeat(40) }],
      }),
    );
    expect(text).toContain(`${longSku} Hydraulic disc brake caliper`);
    expect(text).toContain(`${'W'.repeat(40)} 11-speed chain`);
    await expectNoTextOverlap(proxy);
  });

  it('show a credit note as credited, naming the invoice it credits and why', async () => {
    const creditNote: InvoiceDocument = {
      ...invoice,
      kind: 'credit-note',
      number: 'CN-2026-000004',
      date: new Date('2026-03-20T09:00:00Z'),
      invoiceNumber: 'INV-2026-000123',
      reason: 'Customer cancelled before shipping',
      paidAt: new Date('2026-03-20T09:00:00Z'),
    };
    const pdf = await renderInvoicePdf(creditNote);
    const { text, proxy } = await readBack(pdf);
    expect(text).toContain('Credit note');
    expect(text).toContain('CN-2026-000004');
    expect(text).toContain('2026-03-20');
    expect(text).toContain('Credits invoice INV-2026-000123');
    expect(text).toContain('Customer cancelled before shipping');
    expect(text).toMatch(/Total credited ?-\$1,800\.15/);
    expect(text).toMatch(/\$45\.99 ?-\$183\.96/);
    expect(text).toContain('Refunded 2026-03-20');
    expect((await getMeta(proxy)).info.Title).toBe('CN-2026-000004');
    expect(pdfFileName(creditNote)).toBe('CN-2026-000004.pdf');
  });

  it('flow 120 lines over several pages, repeating the header, with every SKU readable', async () => {
    const many: InvoiceLine[] = Array.from({ length: 120 }, (_, i) => ({
      sku: `SKU-${String(i + 1).padStart(4, '0')}`,
      name:
        i % 7 === 0
          ? `Part ${i + 1} with a long descriptive name that wraps onto a second line`
          : `Part ${i + 1}`,
      quantity: i + 1,
      unitPriceCents: 1000 + i,
      lineTotalCents: (i + 1) * (1000 + i),
    }));
    const pdf = await renderInvoicePdf({ ...invoice, lines: many });
    const { totalPages, pages, text, proxy } = await readBack(pdf);
    expect(totalPages).toBeGreaterThan(1);
    for (const line of many) {
      expect(text).toContain(line.sku);
      expect(text).toContain(line.name);
    }
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${totalPages}`);
      if (/SKU-\d{4}/.test(page)) expect(page).toContain('Unit price');
    });
    expect(text).toMatch(/Total ?\$/);

    await expectNoTextOverlap(proxy);
  });
});
