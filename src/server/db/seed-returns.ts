import { eq, inArray } from 'drizzle-orm';
import { nextDocumentNumber } from '../modules/invoices/numbers.ts';
import type { Executor } from './client.ts';
import {
  companies,
  orderEvents,
  orderLines,
  orders,
  products,
  returnLines,
  returnRequests,
  shipmentLines,
  shipments,
  testPaymentIntents,
} from './schema.ts';
import { demoCompany } from './seed-companies.ts';

/**
 * The demo return (issue 34): the demo workshop's buyer had an order shipped eight days ago and
 * asks to send part of it back, so the Returns inbox has one to approve and receive, and the
 * company's members see it in Dashboard, Returns. The demo accounts are made after the demo data
 * (and under `npm start` only on first sign-in), so the order is the company's, under the
 * buyer's email: its members see it by the company.
 */
export const demoReturn = {
  buyer: { userId: 'demo-velo-buyer', email: 'buyer@velo-werkstatt.test', name: 'Bram Buyer' },
  lines: [
    { sku: 'ECP-CH11-01', quantity: 20 },
    { sku: 'ECP-DBP-01', quantity: 40 },
  ],
  returned: { sku: 'ECP-DBP-01', quantity: 4, reason: 'damaged' as const },
  note: 'Four pairs arrived with the pads cracked; photos on request.',
};

const DAY = 86_400_000;

/** Seeds the demo order and its requested return (nothing without the company or the parts). */
export async function seedReturnDemo(tx: Executor) {
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, demoCompany.name));
  const skus = demoReturn.lines.map((l) => l.sku);
  const parts = await tx
    .select({ id: products.id, sku: products.sku, name: products.name, price: products.priceCents })
    .from(products)
    .where(inArray(products.sku, skus));
  if (!company || parts.length !== skus.length) return;
  const lines = demoReturn.lines.map((line, i) => {
    const part = parts.find((p) => p.sku === line.sku)!;
    return { ...line, lineNo: i + 1, part, totalCents: part.price * line.quantity };
  });
  const totalCents = lines.reduce((n, l) => n + l.totalCents, 0);
  const placedAt = new Date(Date.now() - 10 * DAY);
  const shippedAt = new Date(Date.now() - 8 * DAY);
  const paymentId = 'pi_test_demo_velo_order';
  const invoiceNumber = await nextDocumentNumber(tx, 'invoice', 'INV', placedAt);
  const [order] = await tx
    .insert(orders)
    .values({
      ...demoReturn.buyer,
      userName: demoReturn.buyer.name,
      productName: `2 parts: ${lines.map((l) => l.part.name).join(', ')}`,
      quantity: lines.reduce((n, l) => n + l.quantity, 0),
      totalCents,
      grandTotalCents: totalCents,
      status: 'shipped',
      holdUntil: placedAt,
      transactionId: paymentId,
      amountTotalCents: totalCents,
      createdAt: placedAt,
      paidAt: placedAt,
      shippedAt,
      shippingMethodName: 'Pickup at the warehouse',
      invoiceNumber,
      invoicedAt: placedAt,
      companyId: company.id,
      poNumber: 'VWA-2026-118',
    })
    .returning();
  if (!order) throw new Error('insert returned no row');
  await tx.insert(orderLines).values(
    lines.map((l) => ({
      orderId: order.id,
      lineNo: l.lineNo,
      productId: l.part.id,
      sku: l.sku,
      productName: l.part.name,
      quantity: l.quantity,
      // Shipped in full: every piece was taken from stock.
      reserved: l.quantity,
      unitPriceCents: l.part.price,
      lineTotalCents: l.totalCents,
    })),
  );
  // The demo stock is counted after this order shipped: it moves nothing in the ledger.
  // Paid with the test processor's card, so receiving the return refunds it there.
  await tx.insert(testPaymentIntents).values({
    id: paymentId,
    orderId: order.id,
    amountCents: totalCents,
    clientSecret: `${paymentId}_secret_demo`,
    status: 'succeeded',
    cardLast4: '4242',
    customerEmail: demoReturn.buyer.email,
  });
  const [shipment] = await tx
    .insert(shipments)
    .values({
      orderId: order.id,
      carrier: 'DHL',
      trackingNumber: 'JD014600006281',
      createdBy: 'seed',
      createdAt: shippedAt,
    })
    .returning();
  await tx.insert(shipmentLines).values(
    lines.map((l) => ({
      shipmentId: shipment!.id,
      orderId: order.id,
      lineNo: l.lineNo,
      quantity: l.quantity,
    })),
  );
  const returned = lines.find((l) => l.sku === demoReturn.returned.sku)!;
  const askedAt = new Date(Date.now() - 2 * DAY);
  const number = await nextDocumentNumber(tx, 'return', 'RMA', askedAt);
  const [ret] = await tx
    .insert(returnRequests)
    .values({
      number,
      orderId: order.id,
      orderNumber: order.number,
      orderUserId: demoReturn.buyer.userId,
      requestedById: demoReturn.buyer.userId,
      requestedByEmail: demoReturn.buyer.email,
      requestedByName: demoReturn.buyer.name,
      companyId: company.id,
      note: demoReturn.note,
      createdAt: askedAt,
    })
    .returning();
  await tx.insert(returnLines).values({
    returnId: ret!.id,
    lineNo: returned.lineNo,
    productId: returned.part.id,
    sku: returned.sku,
    name: returned.part.name,
    quantity: demoReturn.returned.quantity,
    reason: demoReturn.returned.reason,
    unitPriceCents: returned.part.price,
  });
  const event = (at: Date, kind: (typeof orderEvents.$inferInsert)['event'], detail: string) => ({
    orderId: order.id,
    at,
    event: kind,
    detail,
  });
  await tx
    .insert(orderEvents)
    .values([
      event(placedAt, 'placed', ''),
      event(placedAt, 'paid', paymentId),
      event(placedAt, 'invoiced', invoiceNumber),
      event(shippedAt, 'shipped', 'DHL JD014600006281'),
      event(
        askedAt,
        'return_requested',
        `${number}: ${demoReturn.returned.quantity} × ${returned.part.name}`,
      ),
    ]);
}
