import { Link } from 'react-router';
import { formatDollars } from '../../../contract/money.ts';
import { paymentOf, type Order } from '../../../contract/orders.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { whichOrder } from './order-actions.tsx';

// The orders desk's table: one line (about 44 px) an order on a desktop; below the md width each
// row is a card of three short lines. One row either way, so each order has one checkbox.

export const DESK_FORM_ID = 'desk-selection';

const statusLabel: Record<Order['status'], string> = {
  unpaid: 'Unpaid',
  awaiting_approval: 'Awaiting approval',
  paid: 'Paid',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  expired: 'Expired',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

const statusBadge: Record<Order['status'], string> = {
  unpaid: 'badge-warning',
  awaiting_approval: 'badge-warning',
  paid: 'badge-success',
  partially_shipped: 'badge-info badge-outline',
  shipped: 'badge-info',
  expired: 'badge-neutral',
  cancelled: 'badge-error',
  rejected: 'badge-error',
};

const paymentLabel = { card: 'Card', account: 'Account', unpaid: 'Unpaid' } as const;
const paymentBadge = {
  card: 'badge-ghost',
  account: 'badge-secondary badge-outline',
  // Solid: yellow text on white is too faint to read (axe, colour contrast).
  unpaid: 'badge-warning',
} as const;

/** A day as the warehouse reads it, the same on the server and in the tab: 2026-11-30. */
const isoDay = (iso: string) => iso.slice(0, 10);

/** The company it ships (or bills) to, else the buyer's name. */
const whoText = (order: Order) =>
  order.shippingAddress?.company || order.billingAddress?.company || order.userName;

const awaitedPieces = (order: Order) => order.lines.reduce((sum, l) => sum + l.backordered, 0);

export type DeskRowActions = {
  onShip: (order: Order) => void;
  shippingId: string | null;
  onDelete: (order: Order) => void;
};

export type DeskSelection = {
  selected: ReadonlySet<number>;
  toggle: (number: number, on: boolean) => void;
  toggleAll: (on: boolean) => void;
};

function StatusBadge({ order }: { order: Order }) {
  const awaited = awaitedPieces(order);
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <span className={`badge badge-sm ${statusBadge[order.status]}`}>
        {statusLabel[order.status]}
      </span>
      {awaited > 0 && order.status !== 'cancelled' && (
        <span className="badge badge-sm badge-warning" title={`${awaited} pieces on backorder`}>
          Backorder {awaited}
        </span>
      )}
    </span>
  );
}

function PaymentBadge({ order }: { order: Order }) {
  const payment = paymentOf(order);
  return <span className={`badge badge-sm ${paymentBadge[payment]}`}>{paymentLabel[payment]}</span>;
}

/** Mark shipped while something is left to ship; the day it left; Delete for an unpaid one. */
function ShippingCell({ order, actions }: { order: Order; actions: DeskRowActions }) {
  if (order.status === 'shipped') {
    return (
      <span className="whitespace-nowrap">
        Shipped {order.shippedAt ? isoDay(order.shippedAt) : ''}
      </span>
    );
  }
  if (order.status === 'paid' || order.status === 'partially_shipped') {
    return (
      <BusyButton
        className="btn btn-xs btn-secondary whitespace-nowrap"
        pending={actions.shippingId === order._id}
        spinner="xs"
        aria-label={`Mark shipped ${whichOrder(order)}`}
        onClick={() => actions.onShip(order)}
      >
        Mark shipped
      </BusyButton>
    );
  }
  if (order.status === 'cancelled') return <span className="text-base-content/70">—</span>;
  return (
    <button
      type="button"
      className="btn btn-xs btn-outline btn-error"
      aria-label={`Delete ${whichOrder(order)}`}
      onClick={() => actions.onDelete(order)}
    >
      Delete
    </button>
  );
}

function OrderNumber({ order }: { order: Order }) {
  return (
    <Link
      to={toPath(sitePaths.orderDetail, { orderid: order._id })}
      className="link font-semibold whitespace-nowrap"
    >
      <span className="sr-only">Order </span>#{order.number}
    </Link>
  );
}

function Checkbox({ order, selection }: { order: Order; selection: DeskSelection }) {
  return (
    <input
      type="checkbox"
      className="checkbox checkbox-sm"
      form={DESK_FORM_ID}
      name="order"
      value={order.number}
      checked={selection.selected.has(order.number)}
      onChange={(e) => selection.toggle(order.number, e.target.checked)}
      aria-label={`Select order #${order.number}`}
    />
  );
}

const desktop = 'max-md:hidden';
const cell = `${desktop} px-2 py-1.5 align-middle`;

function DeskRow({
  order,
  selection,
  actions,
}: {
  order: Order;
  selection: DeskSelection;
  actions: DeskRowActions;
}) {
  const country = order.shippingAddress?.country ?? '';
  const lines = `${order.lines.length} ${order.lines.length === 1 ? 'line' : 'lines'}`;
  return (
    <tr className="border-b border-base-300 max-md:flex max-md:items-start max-md:gap-2 max-md:py-2 md:h-11">
      <td className="px-2 py-1.5 align-middle max-md:pt-0.5">
        <Checkbox order={order} selection={selection} />
      </td>
      <th scope="row" className={`${cell} text-left font-normal`}>
        <OrderNumber order={order} />
      </th>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={order.createdAt}>{isoDay(order.createdAt)}</time>
      </td>
      <td className={`${cell} max-w-56`}>
        <span className="block truncate" title={`${whoText(order)} · ${order.email}`}>
          {whoText(order)} <span className="text-base-content/70">· {order.email}</span>
        </span>
      </td>
      <td className={`${cell} max-w-28`}>
        <span className="block truncate">{order.poNumber ?? ''}</span>
      </td>
      <td className={cell}>{country}</td>
      <td className={`${cell} max-w-44`}>
        <span className="block truncate" title={order.name}>
          {order.lines.length} · {order.name}
        </span>
      </td>
      <td className={`${cell} text-right font-semibold whitespace-nowrap`}>
        {formatDollars(order.grandTotal)}
      </td>
      <td className={cell}>
        <PaymentBadge order={order} />
      </td>
      <td className={cell}>
        <StatusBadge order={order} />
      </td>
      <td className={cell}>
        <ShippingCell order={order} actions={actions} />
      </td>
      {/* The phone's card: the same order in three short lines. */}
      <td className="min-w-0 flex-1 md:hidden">
        <div className="flex items-center justify-between gap-2">
          <span className="flex min-w-0 items-center gap-2">
            <OrderNumber order={order} />
            <StatusBadge order={order} />
          </span>
          <span className="font-semibold whitespace-nowrap">{formatDollars(order.grandTotal)}</span>
        </div>
        <p className="truncate text-sm">
          {whoText(order)} · {country || 'no address'} · {lines}
        </p>
        <div className="flex items-center justify-between gap-2 text-sm text-base-content/80">
          <span className="flex min-w-0 items-center gap-1 truncate">
            {isoDay(order.createdAt)} · <PaymentBadge order={order} />
            {order.poNumber && <span className="truncate">· PO {order.poNumber}</span>}
          </span>
          <ShippingCell order={order} actions={actions} />
        </div>
      </td>
    </tr>
  );
}

const columns = [
  'Number',
  'Date',
  'Company or buyer',
  'PO number',
  'Ship to',
  'Lines',
  'Total',
  'Payment',
  'Status',
  'Shipping',
];

export function DeskTable({
  orders,
  selection,
  actions,
}: {
  orders: Order[];
  selection: DeskSelection;
  actions: DeskRowActions;
}) {
  const all = orders.length > 0 && orders.every((o) => selection.selected.has(o.number));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm max-md:block" aria-label="All orders">
        <thead className="max-md:hidden">
          <tr className="border-b border-base-300 text-left text-xs text-base-content/70">
            <th scope="col" className="px-2 py-1.5">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={all}
                onChange={(e) => selection.toggleAll(e.target.checked)}
                aria-label="Select every order on this page"
              />
            </th>
            {columns.map((c) => (
              <th
                key={c}
                scope="col"
                className={`px-2 py-1.5 ${c === 'Total' ? 'text-right' : ''}`}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block">
          {orders.map((order) => (
            <DeskRow key={order._id} order={order} selection={selection} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
