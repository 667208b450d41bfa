import type { Order, OrderLine } from '../../../contract/orders.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { Executor } from '../../db/client.ts';
import { linesOfOrders, type OrderLineRow, type OrderRow } from './repository.ts';

const lineOut = (line: OrderLineRow): OrderLine => ({
  productId: line.productId,
  sku: line.sku,
  name: line.productName,
  quantity: line.quantity,
  unitPrice: centsToDollars(line.unitPriceCents),
  lineTotal: centsToDollars(line.lineTotalCents),
});

export function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
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
    paid: row.status === 'paid' || row.status === 'shipped',
    shipped: row.status === 'shipped',
    status: row.status,
    ...(row.transactionId ? { transactionId: row.transactionId } : {}),
    ...(row.amountTotalCents !== null ? { amountTotal: centsToDollars(row.amountTotalCents) } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.paidAt ? { paidAt: row.paidAt.toISOString() } : {}),
    ...(row.shippedAt ? { shippedAt: row.shippedAt.toISOString() } : {}),
    ...(row.status === 'unpaid' ? { expiresAt: row.holdUntil.toISOString() } : {}),
  };
}

/** Orders as the API shows them, their lines read in one query. */
export async function presentOrders(db: Executor, rows: OrderRow[]) {
  const lines = await linesOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? []));
}

export const presentOrder = async (db: Executor, row: OrderRow) =>
  (await presentOrders(db, [row]))[0]!;

/** "20 × Chain whip" for one line; the order's own name ("3 parts: …") for several. */
export const describeOrder = (
  row: Pick<OrderRow, 'unitPriceCents' | 'quantity' | 'productName'>,
) => (row.unitPriceCents === null ? row.productName : `${row.quantity} × ${row.productName}`);

export const isPaid = (order: Pick<OrderRow, 'status'>) =>
  order.status === 'paid' || order.status === 'shipped';
