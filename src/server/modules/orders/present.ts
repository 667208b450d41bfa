import type { CreditNote, Shipment, TimelineEntry } from '../../../contract/order-delivery.ts';
import { taxLinesInDollars } from '../../../contract/order-totals.ts';
import type { Order, PlacedOrderLine } from '../../../contract/orders.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { Executor } from '../../db/client.ts';
import { approvalOut, approversOfOrders, type Approver } from './approvers.ts';
import { creditNotesOfOrders, type CreditNoteView } from './credit-notes.ts';
import { linesOfOrders, type OrderLineRow, type OrderRow } from './repository.ts';
import { shipmentsOfOrders, type ShipmentView } from './shipments.ts';
import { timelinesOfOrders } from './timeline.ts';

export const lineOut = (line: OrderLineRow): PlacedOrderLine => ({
  productId: line.productId,
  sku: line.sku,
  name: line.productName,
  quantity: line.quantity,
  unitPrice: centsToDollars(line.unitPriceCents),
  lineTotal: centsToDollars(line.lineTotalCents),
  cancelled: line.cancelled,
});

function creditNoteOut(note: CreditNoteView, lines: OrderLineRow[]): CreditNote {
  return {
    number: note.number,
    issuedAt: note.issuedAt.toISOString(),
    kind: note.kind,
    reason: note.reason,
    lines: note.lines.map((credited) => {
      const line = lines.find((l) => l.lineNo === credited.lineNo);
      return {
        productId: line?.productId ?? null,
        sku: line?.sku ?? '',
        name: line?.productName ?? '',
        quantity: credited.quantity,
        unitPrice: centsToDollars(line?.unitPriceCents ?? 0),
        lineTotal: centsToDollars(credited.lineTotalCents),
      };
    }),
    subtotal: centsToDollars(note.subtotalCents),
    shipping: centsToDollars(note.shippingCents),
    tax: taxLinesInDollars(note.tax),
    total: centsToDollars(note.totalCents),
    refund: note.refund,
    refundedAt: note.refundedAt?.toISOString() ?? null,
  };
}

const shipmentOut = (shipment: ShipmentView): Shipment => ({
  _id: shipment.id,
  lines: shipment.lines.map(({ productId, sku, name, quantity }) => ({
    productId,
    sku,
    name,
    quantity,
  })),
  carrier: shipment.carrier,
  trackingNumber: shipment.trackingNumber,
  trackingUrl: shipment.trackingUrl,
  createdAt: shipment.createdAt.toISOString(),
});

/** What else an order shows besides its row and lines, each read for a whole list at once. */
export type OrderExtras = {
  shipments: ShipmentView[];
  timeline: TimelineEntry[];
  creditNotes?: CreditNoteView[];
  approvers?: ReadonlyMap<string, Approver>;
};

const noExtras: OrderExtras = { shipments: [], timeline: [] };

export function toOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  { shipments, timeline, creditNotes = [], approvers = new Map() }: OrderExtras = noExtras,
): Order {
  return {
    _id: row.id,
    number: row.number,
    productId: row.productId,
    name: row.productName,
    price: row.unitPriceCents === null ? null : centsToDollars(row.unitPriceCents),
    quantity: row.quantity,
    totalPrice: centsToDollars(row.totalCents),
    lines: lines.map(lineOut),
    email: row.email,
    userName: row.userName,
    paid: isPaid(row),
    shipped: row.status === 'shipped',
    status: row.status,
    ...(row.transactionId ? { transactionId: row.transactionId } : {}),
    ...(row.amountTotalCents !== null ? { amountTotal: centsToDollars(row.amountTotalCents) } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.paidAt ? { paidAt: row.paidAt.toISOString() } : {}),
    ...(row.shippedAt ? { shippedAt: row.shippedAt.toISOString() } : {}),
    ...(row.status === 'unpaid' || row.status === 'awaiting_approval'
      ? { expiresAt: row.holdUntil.toISOString() }
      : {}),
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    shippingMethod:
      row.shippingMethodName === null
        ? null
        : { name: row.shippingMethodName, price: centsToDollars(row.shippingCents) },
    subtotal: centsToDollars(row.totalCents),
    shipping: centsToDollars(row.shippingCents),
    tax: taxLinesInDollars(row.tax),
    taxTotal: centsToDollars(row.taxTotalCents),
    grandTotal: centsToDollars(row.grandTotalCents),
    reverseCharge: row.reverseCharge,
    invoiceNumber: row.invoiceNumber,
    creditNoteNumber: row.creditNoteNumber,
    creditNotes: creditNotes.map((note) => creditNoteOut(note, lines)),
    paymentMethod: row.paymentMethod,
    poNumber: row.poNumber,
    dueAt: row.dueAt?.toISOString() ?? null,
    shipments: shipments.map(shipmentOut),
    timeline,
    ...approvalOut(row, approvers),
    companyId: row.companyId,
    placedBy: { name: row.userName, email: row.email },
  };
}

/** Orders as the API shows them: lines, shipments and timelines read in a few queries for all. */
export async function presentOrders(db: Executor, rows: OrderRow[]) {
  const ids = rows.map((r) => r.id);
  const [lines, shipments, timelines, approvers, creditNotes] = await Promise.all([
    linesOfOrders(db, ids),
    shipmentsOfOrders(db, ids),
    timelinesOfOrders(db, ids),
    approversOfOrders(db, rows),
    creditNotesOfOrders(db, ids),
  ]);
  return rows.map((row) =>
    toOrder(row, lines.get(row.id) ?? [], {
      shipments: shipments.get(row.id) ?? [],
      timeline: timelines.get(row.id) ?? [],
      creditNotes: creditNotes.get(row.id) ?? [],
      approvers,
    }),
  );
}

export const presentOrder = async (db: Executor, row: OrderRow) =>
  (await presentOrders(db, [row]))[0]!;

/** "20 × Chain whip" for one line; the order's own name ("3 parts: …") for several. */
export const describeOrder = (
  row: Pick<OrderRow, 'unitPriceCents' | 'quantity' | 'productName'>,
) => (row.unitPriceCents === null ? row.productName : `${row.quantity} × ${row.productName}`);

/** Paid, whatever has shipped since. */
export const isPaid = (order: Pick<OrderRow, 'status'>) =>
  order.status === 'paid' || order.status === 'partially_shipped' || order.status === 'shipped';
