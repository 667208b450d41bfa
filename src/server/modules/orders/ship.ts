import type { FastifyBaseLogger } from 'fastify';
import type { ShipmentInput, ShipRestInput } from '../../../contract/order-delivery.ts';
import type { Order } from '../../../contract/orders.ts';
import { recordAudit } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendLater } from '../../mail/send-later.ts';
import { lockOrder } from './documents.ts';
import { shipmentMail } from './mails.ts';
import { presentOrder } from './present.ts';
import { linesOfOrders, type OrderLineRow, type OrderRow } from './repository.ts';
import { insertShipment, markShipmentProgress, shippedQuantities } from './shipments.ts';
import { addOrderEvent } from './timeline.ts';

export type ShipDeps = {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Run in the parcel's transaction once it is written (the app's webhook event). */
  shipped?: (tx: Executor, order: OrderRow) => Promise<void>;
};

/** One parcel: the lines it carries (by product), or everything not yet shipped. */
type Parcel = {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  lines: ShipmentInput['lines'] | 'rest';
};

/** What the old ship action, which sends no body, ships with: the shop's own van. */
const OWN_DELIVERY = { carrier: 'Own delivery', trackingNumber: '—' };

type LineLeft = { line: OrderLineRow; left: number };

const notShippable = (row: OrderRow) =>
  new AppError(
    'conflict',
    row.status === 'cancelled'
      ? 'This order was cancelled, so nothing of it ships.'
      : row.status === 'shipped'
        ? 'Everything in this order has shipped already.'
        : 'Only a paid order can be shipped.',
  );

const awaited = (waiting: LineLeft[]) =>
  waiting.map(({ line }) => `${line.backordered} × ${line.productName}`).join(', ');

/** A ship-together order ships once every line is allocated (409). */
const waitsTogether = (waiting: LineLeft[]) =>
  new AppError(
    'conflict',
    `This order ships together, and ${awaited(waiting)} ${waiting.length === 1 && waiting[0]!.line.backordered === 1 ? 'is' : 'are'} still on backorder: it ships once every line is in.`,
  );

/** Nothing of the order is in stock to ship yet (409). */
const nothingInYet = (waiting: LineLeft[]) =>
  new AppError(
    'conflict',
    waiting.length > 0
      ? `Nothing of this order is in stock to ship yet: ${awaited(waiting)} on backorder.`
      : 'Nothing is left to ship.',
  );

const lineName = ({ line }: LineLeft) => `Line ${line.lineNo} (${line.sku}, ${line.productName})`;

/** The quantities a parcel takes of each line, checked against what is left of it. */
function parcelLines(left: LineLeft[], asked: ShipmentInput['lines']) {
  const taken = new Map<number, number>();
  for (const { productId, quantity } of asked) {
    const of = left.find((l) => l.line.productId === productId);
    if (!of) throw new AppError('bad_request', `${productId} is not a line of this order.`);
    taken.set(of.line.lineNo, (taken.get(of.line.lineNo) ?? 0) + quantity);
  }
  for (const l of left) {
    const quantity = taken.get(l.line.lineNo) ?? 0;
    if (quantity > l.left) {
      const what = l.left === 0 ? 'nothing is' : `only ${l.left} ${l.left === 1 ? 'is' : 'are'}`;
      throw new AppError('bad_request', `${lineName(l)}: ${what} left to ship, not ${quantity}.`);
    }
  }
  return [...taken].map(([lineNo, quantity]) => ({ lineNo, quantity }));
}

/**
 * Writes one parcel of a paid order, the order locked meanwhile so that two at once cannot
 * ship more than is left; no shipment when `rest` finds the order shipped already.
 */
async function writeParcel(tx: Executor, admin: CurrentUser, orderId: string, parcel: Parcel) {
  const row = await lockOrder(tx, orderId);
  if (!row) throw notFound('Order');
  if (parcel.lines === 'rest' && row.status === 'shipped') return { order: row, shipmentId: null };
  if (row.status !== 'paid' && row.status !== 'partially_shipped') throw notShippable(row);
  const shipped = await shippedQuantities(tx, row.id);
  // What can ship is what was reserved from stock; backordered pieces wait for a receipt.
  const left = ((await linesOfOrders(tx, [row.id])).get(row.id) ?? []).map((line) => ({
    line,
    left: line.reserved - (shipped.get(line.lineNo) ?? 0),
  }));
  const waiting = left.filter((l) => l.line.backordered > 0);
  if (row.shipTogether && waiting.length > 0) throw waitsTogether(waiting);
  const lines =
    parcel.lines === 'rest'
      ? left.filter((l) => l.left > 0).map((l) => ({ lineNo: l.line.lineNo, quantity: l.left }))
      : parcelLines(left, parcel.lines);
  if (lines.length === 0) throw nothingInYet(waiting);
  const { carrier, trackingNumber, trackingUrl } = parcel;
  const shipment = await insertShipment(tx, {
    orderId: row.id,
    carrier,
    trackingNumber,
    trackingUrl,
    createdBy: admin.id,
    lines,
  });
  const quantityOf = new Map(lines.map((l) => [l.lineNo, l.quantity]));
  // Complete once nothing is left to ship and nothing still awaited.
  const complete =
    waiting.length === 0 && left.every((l) => (quantityOf.get(l.line.lineNo) ?? 0) === l.left);
  const updated = await markShipmentProgress(tx, row.id, complete);
  const contents = left
    .filter((l) => quantityOf.has(l.line.lineNo))
    .map((l) => `${quantityOf.get(l.line.lineNo)} × ${l.line.productName}`)
    .join(', ');
  await addOrderEvent(tx, row.id, 'shipped', `${carrier}, tracking ${trackingNumber}: ${contents}`);
  await recordAudit(tx, admin, {
    action: 'order.ship',
    targetType: 'order',
    targetId: row.id,
    summary: `Shipped ${contents} of order #${row.number} to ${row.email} with ${carrier} (tracking ${trackingNumber})${complete ? '; the order has shipped in full' : ''}`,
  });
  return { order: updated, shipmentId: shipment.id };
}

/** Ships a parcel and mails the buyer its carrier and tracking; the order answers as it is now. */
async function ship(
  { db, mailer, log, shipped }: ShipDeps,
  admin: CurrentUser,
  id: string,
  parcel: Parcel,
) {
  if (!isUuid(id)) throw notFound('Order');
  const written = await db.transaction(async (tx) => {
    const parcelWritten = await writeParcel(tx, admin, id, parcel);
    if (parcelWritten.shipmentId && parcelWritten.order && shipped) {
      await shipped(tx, parcelWritten.order);
    }
    return parcelWritten;
  });
  const order = await presentOrder(db, written.order);
  const shipment = order.shipments.find((s) => s._id === written.shipmentId);
  if (!shipment) return { order, shipment };
  // The parcel has gone whether or not the mail does; the log says when it did not.
  sendLater(mailer, log, shipmentMail(order, shipment), { orderId: order._id });
  return { order, shipment };
}

export async function addShipment(
  deps: ShipDeps,
  admin: CurrentUser,
  id: string,
  input: ShipmentInput,
) {
  const parcel = { ...input, trackingUrl: input.trackingUrl ?? null };
  const { shipment } = await ship(deps, admin, id, parcel);
  if (!shipment) throw new Error(`order ${id}: the shipment written is not in its order`);
  return shipment;
}

/**
 * Manage All Orders' ship action: everything left in one parcel, by the shop's own delivery
 * unless a carrier is given. An order shipped already answers as it is and mails nobody.
 */
export async function shipEverythingLeft(
  deps: ShipDeps,
  admin: CurrentUser,
  id: string,
  input: ShipRestInput,
): Promise<Order> {
  const { order } = await ship(deps, admin, id, {
    carrier: input?.carrier ?? OWN_DELIVERY.carrier,
    trackingNumber: input?.trackingNumber ?? OWN_DELIVERY.trackingNumber,
    trackingUrl: input?.trackingUrl ?? null,
    lines: 'rest',
  });
  return order;
}
