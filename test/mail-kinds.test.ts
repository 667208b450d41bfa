import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ContactInput } from '../src/contract/contact.ts';
import type { Shipment } from '../src/contract/order-delivery.ts';
import type { Order } from '../src/contract/orders.ts';
import type { Quote } from '../src/contract/quotes.ts';
import type { ReturnRequest } from '../src/contract/returns.ts';
import { resetPasswordMail, verifyEmailMail } from '../src/server/auth/mails.ts';
import { backInStockMail } from '../src/server/flows/stock-alerts/mail-job.ts';
import { endpointDisabledMail } from '../src/server/flows/webhooks/deliver.ts';
import { composeMail } from '../src/server/mail/compose.ts';
import { SUBJECT_MAX, type Mail } from '../src/server/mail/mail.ts';
import { addressed, createMailer, renderMail } from '../src/server/mail/mailer.ts';
import { companyInviteMail, companyOwnerMail } from '../src/server/modules/companies/mails.ts';
import { contactMessageMail } from '../src/server/modules/contact/mails.ts';
import {
  approvalNeededMail,
  orderApprovedMail,
  orderRejectedMail,
} from '../src/server/modules/orders/approval-mails.ts';
import {
  backorderArrivedMail,
  linesCancelledMail,
  orderCancelledMail,
  orderPlacedMail,
  paymentReceivedMail,
  shipmentMail,
} from '../src/server/modules/orders/mails.ts';
import type { OrderRow } from '../src/server/modules/orders/repository.ts';
import { paymentRefundedMail } from '../src/server/modules/payments/mails.ts';
import {
  quoteAnsweredMail,
  quoteDeclinedMail,
  quoteRequestedMail,
} from '../src/server/modules/quotes/mails.ts';
import {
  returnApprovedMail,
  returnReceivedMail,
  returnRejectedMail,
  returnRequestedMail,
} from '../src/server/modules/returns/mails.ts';
import { outboxFor } from './support/outbox.ts';

// Every mail the shop sends, built with what people type made hostile: names, notes, company
// and part names carrying markup and the characters HTML gives meaning to.

const HOSTILE = `<script>alert("x")</script> "&' <b>Bold</b>`;
const PUBLIC_URL = 'http://localhost:3000';
const person = { email: 'rider@example.com', name: `Robin ${HOSTILE}` };

const line = (i: number, over: Partial<Order['lines'][number]> = {}) =>
  ({
    productId: `p${i}`,
    sku: `SKU-${i}`,
    name: `Part ${i} ${HOSTILE}`,
    quantity: 10 + i,
    unitPrice: 2.5,
    lineTotal: 2.5 * (10 + i),
    reserved: 10 + i,
    backordered: 0,
    ...over,
  }) as Order['lines'][number];

/** A 40-line order: the one whose parcel list once made a 600-character subject. */
const order = (over: Partial<Order> = {}) =>
  ({
    _id: 'order-1',
    number: 100042,
    name: `40 parts`,
    price: null,
    quantity: 40,
    email: person.email,
    userName: person.name,
    lines: [
      line(0, { reserved: 2, backordered: 10 }),
      ...Array.from({ length: 39 }, (_, i) => line(i + 1)),
    ],
    totalPrice: 1234.5,
    shipping: 12,
    taxTotal: 100.25,
    grandTotal: 1346.75,
    shippingMethod: { name: `Freight ${HOSTILE}` },
    paymentMethod: 'account',
    invoiceNumber: 'INV-2026-000042',
    poNumber: `PO ${HOSTILE}`,
    dueAt: '2026-12-30T00:00:00.000Z',
    status: 'partially_shipped',
    paid: true,
    expiresAt: '2026-12-01T12:00:00.000Z',
    shipments: [],
    creditNotes: [
      {
        number: 'CN-2026-000001',
        lines: [line(1), line(2)].map((l) => ({ ...l, quantity: 1 })),
      },
    ],
    ...over,
  }) as unknown as Order;

const shipment = {
  _id: 's1',
  lines: Array.from({ length: 40 }, (_, i) => line(i)),
  carrier: `DHL ${HOSTILE}`,
  trackingNumber: `JD0001 ${HOSTILE}`,
  trackingUrl: 'https://track.example/JD0001?x=1&y="2"',
} as unknown as Shipment;

const quote = {
  _id: 'q1',
  number: 7,
  requestedBy: person,
  company: { name: `Velo ${HOSTILE}` },
  lines: [1, 2, 3].map((i) => line(i)),
  total: 100,
  note: `Please hurry ${HOSTILE}`,
  shopNote: `Our best ${HOSTILE}`,
  expiresAt: '2026-12-30T00:00:00.000Z',
} as unknown as Quote;

const ret = (over: Partial<ReturnRequest> = {}) =>
  ({
    _id: 'r1',
    number: 'RMA-2026-000001',
    orderNumber: 100042,
    requestedBy: person,
    lines: [1, 2].map((i) => ({ ...line(i), reason: 'damaged' })),
    instructions: `Send to ${HOSTILE}`,
    rejectReason: `No ${HOSTILE}`,
    refund: { amount: 25, method: 'card', refunded: true, creditNoteNumber: 'CN-2026-000002' },
    steps: [{ step: 'received', detail: `2 back on the shelf ${HOSTILE}` }],
    ...over,
  }) as unknown as ReturnRequest;

const row = {
  number: 100042,
  email: person.email,
  userName: person.name,
  productName: `Part ${HOSTILE}`,
  unitPriceCents: 250,
  quantity: 10,
  amountTotalCents: 2762,
  totalCents: 2500,
  grandTotalCents: 2762,
  transactionId: 'pi_123',
} as unknown as OrderRow;

const contact: ContactInput = {
  name: `Mo ${HOSTILE}`,
  email: 'mo@shop.test',
  message: `First line ${HOSTILE}\nSecond line`,
};

const kinds: Record<string, Mail> = {
  verifyEmail: verifyEmailMail(person, `${PUBLIC_URL}/api/auth/verify-email?token=t`),
  resetPassword: resetPasswordMail(person, `${PUBLIC_URL}/reset-password/t`),
  companyInvite: companyInviteMail({
    email: person.email,
    companyName: `Spaak ${HOSTILE}`,
    invitedBy: person.name,
    role: 'buyer',
    token: 't',
    publicUrl: PUBLIC_URL,
  }),
  companyOwner: companyOwnerMail({
    ...person,
    companyName: `Spaak ${HOSTILE}`,
    publicUrl: PUBLIC_URL,
  }),
  contactMessage: contactMessageMail(person, contact, PUBLIC_URL),
  orderPlaced: orderPlacedMail(order()),
  orderPlacedUnpaid: orderPlacedMail(
    order({ paymentMethod: 'card', shippingMethod: null, status: 'unpaid' } as Partial<Order>),
  ),
  shipmentAll: shipmentMail(order({ status: 'shipped', shipments: [shipment] }), shipment),
  shipmentParcel: shipmentMail(order(), shipment),
  shipmentLast: shipmentMail(
    order({ status: 'shipped', shipments: [shipment, shipment] }),
    shipment,
  ),
  paymentReceived: paymentReceivedMail(row, { atHoldEnd: true }),
  orderCancelled: orderCancelledMail(order(), { number: 'CN-2026-000001', totalCents: 500 }, true),
  linesCancelled: linesCancelledMail(
    order(),
    { number: 'CN-2026-000001', totalCents: 500 },
    'account',
  ),
  backorderArrived: backorderArrivedMail({
    orderId: 'order-1',
    number: 100042,
    email: person.email,
    userName: person.name,
    productName: `Part ${HOSTILE}`,
    quantity: 3,
    ordered: 12,
    left: 9,
    shipTogether: true,
  }),
  orderApproved: orderApprovedMail(order(), `Olga ${HOSTILE}`),
  orderRejected: orderRejectedMail(order(), `Olga ${HOSTILE}`, `Too many ${HOSTILE}`),
  approvalNeeded: approvalNeededMail(person, order()),
  paymentRefunded: paymentRefundedMail({
    ...person,
    orderNumber: 100042,
    amountCents: 2500,
    paymentIntentId: 'pi_123',
    reason: 'over_limit',
  }),
  quoteAnswered: quoteAnsweredMail(quote, PUBLIC_URL),
  quoteDeclined: quoteDeclinedMail(quote, PUBLIC_URL),
  quoteRequested: quoteRequestedMail(person, quote, PUBLIC_URL),
  returnRequested: returnRequestedMail(ret()),
  returnApproved: returnApprovedMail(ret()),
  returnRejected: returnRejectedMail(ret()),
  returnReceived: returnReceivedMail(ret()),
  backInStock: backInStockMail(
    {
      id: 'a1',
      userId: 'u1',
      email: person.email,
      userName: person.name,
      productId: 'p1',
      name: `Part ${HOSTILE}`,
      sku: 'SKU-1',
      stock: 5,
    } as Parameters<typeof backInStockMail>[0],
    PUBLIC_URL,
    'secret',
  ),
  endpointDisabled: endpointDisabledMail(person, {
    url: `https://hooks.example/${encodeURIComponent(HOSTILE)}`,
    days: 3,
    publicUrl: PUBLIC_URL,
  }),
};

/** Where the source builds mails: each `composeMail(` call is one kind (or several, above). */
function composeCallsInSource(dir = 'src/server'): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sum + composeCallsInSource(path);
    if (!/\.tsx?$/.test(entry.name) || path.endsWith(join('mail', 'compose.ts'))) return sum;
    return sum + (readFileSync(path, 'utf8').match(/composeMail\(/g)?.length ?? 0);
  }, 0);
}

describe('every mail the shop sends', () => {
  it('is rendered here: a new kind of mail is added to this list', () => {
    expect(Object.keys(kinds).length).toBeGreaterThanOrEqual(composeCallsInSource());
  });

  it(`has a subject of at most ${SUBJECT_MAX} characters on one line`, async () => {
    for (const [kind, mail] of Object.entries(kinds)) {
      const { subject } = await renderMail(mail, PUBLIC_URL);
      expect(subject.length, `${kind}: ${subject}`).toBeLessThanOrEqual(SUBJECT_MAX);
      expect(subject, kind).not.toMatch(/[\r\n]/);
    }
    // The 40-part parcel once made a subject of the whole list: it is named in a few words.
    expect(kinds.shipmentParcel!.subject).toBe('Order #100042 parcel shipped: 40 parts');
    expect(kinds.shipmentLast!.subject).toBe('Order #100042 has shipped: 2 parcels');
  });

  it('has a text part with a blank line between paragraphs and each table row on a line of its own', async () => {
    for (const [kind, mail] of Object.entries(kinds)) {
      const { text } = await renderMail(mail, PUBLIC_URL);
      const lines = text.split('\n');
      expect(lines[0], kind).toBe('ECParts');
      expect(lines, kind).toContain(mail.layout.heading);
      expect(lines, kind).toContain(mail.layout.greeting);
      for (const paragraph of [...mail.layout.paragraphs, ...mail.layout.after]) {
        expect(text, kind).toContain(`\n\n${paragraph}`);
      }
      for (const row of mail.layout.table?.rows ?? []) {
        const first = row[0]!.split('\n')[0]!;
        expect(
          lines.some((l) => l.startsWith(first) && !l.slice(first.length).includes(' × ')),
          `${kind}: "${first}" starts a line and shares it with no other part`,
        ).toBe(true);
      }
    }
    // A 40-line order is 40 lines of its table, not one paragraph.
    const placed = (await renderMail(kinds.orderPlaced!, PUBLIC_URL)).text.split('\n');
    expect(placed.filter((l) => / × Part \d+ /.test(l))).toHaveLength(40);
    expect(placed).toContain('  (2 in stock, 10 on backorder: we write when they arrive)');
  });

  it('has an HTML part in which nothing anyone typed is markup', async () => {
    for (const [kind, mail] of Object.entries(kinds)) {
      const { html } = await renderMail(mail, PUBLIC_URL);
      expect(html, kind).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(html, kind).not.toContain('<script');
      expect(html, kind).not.toContain('<b>');
      expect(html, kind).not.toContain(`"&'`);
      expect(html, kind).toContain('&lt;script&gt;');
      expect(html, kind).toContain('<h1');
      expect(html, kind).toContain('ECParts: bicycle spare parts');
      if (mail.layout.table)
        expect(html, kind).toContain('<table role="presentation" width="100%"');
      // One button at most, to a web address.
      const buttons = html.match(/<a href=/g) ?? [];
      expect(buttons.length, kind).toBe(mail.layout.action ? 1 : 0);
    }
    // The tracking link's own & and " are escaped in the attribute, not cut short.
    expect((await renderMail(kinds.shipmentParcel!, PUBLIC_URL)).html).toContain(
      'href="https://track.example/JD0001?x=1&amp;y=&quot;2&quot;"',
    );
  });

  it('about an order or a return, has one button to its page, a whole address of the shop', async () => {
    const about = Object.keys(kinds).filter((k) =>
      /^(order|shipment|payment|lines|backorder|approval|return)/.test(k),
    );
    expect(about.length).toBeGreaterThanOrEqual(17);
    for (const kind of about.filter((k) => k !== 'paymentRefunded')) {
      const mail = kinds[kind]!;
      const { html, text } = await renderMail(mail, PUBLIC_URL);
      const href = /<a href="([^"]+)"/.exec(html)?.[1];
      expect(href, kind).toBeDefined();
      // A parcel's button is its tracking link.
      if (kind.startsWith('shipment')) continue;
      expect(href, kind).toMatch(/^http:\/\/localhost:3000\/dashboard\/(orders|returns|approvals)/);
      expect(text, kind).toContain(`: ${href!.replaceAll('&amp;', '&')}`);
    }
    expect((await renderMail(kinds.orderPlacedUnpaid!, PUBLIC_URL)).text).toContain(
      'See your order: http://localhost:3000/dashboard/orders/',
    );
    const payable = orderPlacedMail(
      order({ paymentMethod: 'card', status: 'unpaid' } as Partial<Order>),
    );
    expect((await renderMail(payable, PUBLIC_URL)).text).toMatch(
      /Pay for your order: http:\/\/localhost:3000\/order\/payment\/\S+$/m,
    );
    // A shop behind a path keeps it.
    const behind = await renderMail(kinds.returnApproved!, 'https://trade.example/shop/');
    expect(behind.text).toContain('See your return: https://trade.example/shop/dashboard/returns/');
  });

  it("names an order's grand total, never its goods alone as if they were the total", async () => {
    const fromOrder = [
      'orderPlaced',
      'orderCancelled',
      'orderApproved',
      'orderRejected',
      'approvalNeeded',
    ];
    for (const kind of fromOrder) {
      const { text } = await renderMail(kinds[kind]!, PUBLIC_URL);
      expect(text, kind).toContain('$1,346.75');
      expect(text, kind).not.toContain('$1,234.50');
    }
    // A receipt for a payment the shop never saw the amount of says the grand total.
    const receipt = paymentReceivedMail({ ...row, amountTotalCents: null });
    expect(receipt.text).toContain('We have received $27.62 for Order #100042');
  });

  it('makes no button of an address that is not a web one', async () => {
    const mail = composeMail(person, 'A link', {
      heading: 'A link',
      paragraphs: ['Hello'],
      action: { label: 'Click', url: 'javascript:alert(1)' },
    });
    const { html } = await renderMail(mail, PUBLIC_URL);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<a ');
  });

  it('cuts a long subject at a word, with an ellipsis, whoever built the mail', async () => {
    const long = `Order #100042 parcel shipped: ${Array.from({ length: 40 }, (_, i) => `10 × Part ${i}`).join(', ')}`;
    const mail = composeMail(person, long, { heading: 'Long', paragraphs: [] });
    expect(mail.subject).toBe(
      'Order #100042 parcel shipped: 10 × Part 0, 10 × Part 1, 10 × Part 2, 10 ×…',
    );
    expect(mail.subject.length).toBeLessThanOrEqual(SUBJECT_MAX);
    // A mail made by hand, not through composeMail, is fitted as it goes out too.
    const { subject } = await renderMail({ ...mail, subject: long }, PUBLIC_URL);
    expect(subject).toBe(mail.subject);
  });

  it('keeps both parts in the outbox, which is in DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-mail-kinds-'));
    const said: string[] = [];
    const mailer = createMailer(
      { dataDir, publicUrl: PUBLIC_URL, say: (lines) => said.push(lines) },
      Fastify().log,
    );
    await mailer.send(kinds.orderPlaced!);
    await mailer.send(kinds.verifyEmail!);
    const [placed, verify] = outboxFor(dataDir, person.email);
    expect(placed?.subject).toBe(kinds.orderPlaced!.subject);
    expect(placed?.text).toBe(addressed(kinds.orderPlaced!, PUBLIC_URL).text);
    expect(placed?.html).toContain('<h1');
    expect(placed?.html).toContain('&lt;script&gt;');
    expect(verify?.text).toContain('Confirm my email: http://localhost:3000/api/auth/verify-email');
    // The person running the shop reads the link as a line of its own, ready to click.
    expect(said[1]?.split('\n')).toContain('  http://localhost:3000/api/auth/verify-email?token=t');
    expect(said[1]).toContain(join(dataDir, 'outbox'));
  });
});
