import { formatAddressLines } from '../../../contract/addresses.ts';
import type { PickedOrders } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { binsOf } from '../../modules/catalog/bins.ts';
import {
  renderPackingSlipsPdf,
  renderPickListPdf,
  type PackingSlipDocument,
  type PickPart,
} from '../../modules/invoices/warehouse-pdf.ts';
import {
  findOrdersByNumber,
  linesOfOrders,
  type OrderLineRow,
  type OrderRow,
} from '../../modules/orders/repository.ts';
import { shippedQuantities } from '../../modules/orders/shipments.ts';
import { readShopSettings } from '../../modules/shop-settings/repository.ts';

// The warehouse's papers for the orders picked on the desk: one pick list for all of them and a
// packing slip per order. What they count is what shipping would send: the pieces allocated to
// a line (reserved) and not shipped yet; backordered pieces are named, never picked.

type LineState = { line: OrderLineRow; shippedBefore: number; toPick: number };
type OrderState = { row: OrderRow; lines: LineState[] };

const toShip = (row: OrderRow) => row.status === 'paid' || row.status === 'partially_shipped';

/** The orders asked for, each line with what shipped already and what is left to pick. */
async function ordersAsked(db: Db, { order: numbers }: PickedOrders) {
  const rows = await findOrdersByNumber(db, [...new Set(numbers)]);
  const missing = numbers.filter((n) => !rows.some((r) => r.number === n));
  if (missing.length > 0) {
    throw new AppError('not_found', `No such order: ${missing.map((n) => `#${n}`).join(', ')}`);
  }
  const lines = await linesOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (row): Promise<OrderState> => {
      const shipped = await shippedQuantities(db, row.id);
      return {
        row,
        lines: (lines.get(row.id) ?? []).map((line) => {
          const shippedBefore = shipped.get(line.lineNo) ?? 0;
          const left = toShip(row) ? Math.max(0, line.reserved - shippedBefore) : 0;
          return { line, shippedBefore, toPick: left };
        }),
      };
    }),
  );
}

/** Why an order asked for has nothing on the pick list. */
function skipReason({ row, lines }: OrderState) {
  if (row.status === 'shipped') return 'shipped already';
  if (!toShip(row)) return `not paid (${row.status.replace('_', ' ')})`;
  if (row.shipTogether && lines.some((l) => l.line.backordered > 0)) {
    return 'ships together, and some of it is still on backorder';
  }
  return 'nothing allocated to ship yet (on backorder)';
}

/** A ship-together order with pieces awaited ships nothing yet, so nothing of it is picked. */
const picksNow = ({ row, lines }: OrderState) =>
  toShip(row) &&
  lines.some((l) => l.toPick > 0) &&
  !(row.shipTogether && lines.some((l) => l.line.backordered > 0));

/** Bins in order ("A-2" before "A-10"), then the parts with no bin by SKU. */
export function pickOrder(a: Pick<PickPart, 'bin' | 'sku'>, b: Pick<PickPart, 'bin' | 'sku'>) {
  const byText = (x: string, y: string) =>
    x.localeCompare(y, 'en', { numeric: true, sensitivity: 'base' });
  if (a.bin && b.bin) return byText(a.bin, b.bin) || byText(a.sku, b.sku);
  if (a.bin) return -1;
  if (b.bin) return 1;
  return byText(a.sku, b.sku);
}

/** The parts summed over the orders: one row per product (or SKU, once a product is gone). */
function partsToPick(picked: OrderState[], bins: Map<string, string>) {
  const parts = new Map<string, PickPart>();
  for (const { row, lines } of picked) {
    for (const { line, toPick } of lines) {
      if (toPick === 0) continue;
      const key = line.productId ?? `sku:${line.sku}`;
      const part = parts.get(key) ?? {
        sku: line.sku,
        name: line.productName,
        bin: (line.productId && bins.get(line.productId)) || null,
        quantity: 0,
        orders: [],
      };
      part.quantity += toPick;
      const taker = part.orders.find((o) => o.number === row.number);
      if (taker) taker.quantity += toPick;
      else part.orders.push({ number: row.number, quantity: toPick });
      parts.set(key, part);
    }
  }
  return [...parts.values()].sort(pickOrder);
}

/** One pick list for the orders: what to take from the shelves, bin by bin. */
export async function pickListPdf(db: Db, asked: PickedOrders, now = new Date()) {
  const orders = await ordersAsked(db, asked);
  const picked = orders.filter(picksNow);
  const productIds = picked.flatMap((o) => o.lines.flatMap((l) => l.line.productId ?? []));
  const [bins, shop] = await Promise.all([
    binsOf(db, [...new Set(productIds)]),
    readShopSettings(db),
  ]);
  const bytes = await renderPickListPdf({
    date: now,
    shopName: shop.legalName,
    orderNumbers: picked.map((o) => o.row.number),
    parts: partsToPick(picked, bins),
    skipped: orders
      .filter((o) => !picksNow(o))
      .map((o) => ({ number: o.row.number, reason: skipReason(o) })),
  });
  return { bytes, fileName: `pick-list-${now.toISOString().slice(0, 10)}.pdf` };
}

const slipOf = (
  { row, lines }: OrderState,
  shop: { legalName: string; addressLines: string[] },
): PackingSlipDocument => ({
  number: row.number,
  poNumber: row.poNumber,
  placedAt: row.createdAt,
  shippingMethodName: row.shippingMethodName,
  shopName: shop.legalName,
  shopAddressLines: shop.addressLines,
  shipToLines: row.shippingAddress ? formatAddressLines(row.shippingAddress) : [row.userName],
  lines: lines.map(({ line, shippedBefore, toPick }) => ({
    sku: line.sku,
    name: line.productName,
    ordered: line.quantity,
    shippedBefore,
    // A ship-together order waiting for pieces puts nothing in a parcel yet.
    inParcel: row.shipTogether && lines.some((l) => l.line.backordered > 0) ? 0 : toPick,
    backordered: line.backordered,
  })),
});

/** A packing slip per order, one page each, in order-number order. */
export async function packingSlipsPdf(db: Db, asked: PickedOrders, now = new Date()) {
  const [orders, shop] = await Promise.all([ordersAsked(db, asked), readShopSettings(db)]);
  const from = { legalName: shop.legalName, addressLines: formatAddressLines(shop.address) };
  const bytes = await renderPackingSlipsPdf(
    orders.map((o) => slipOf(o, from)),
    now,
  );
  const name = orders.length === 1 ? `packing-slip-${orders[0]!.row.number}` : 'packing-slips';
  return { bytes, fileName: `${name}.pdf` };
}
