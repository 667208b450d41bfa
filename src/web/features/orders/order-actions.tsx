import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { RowDeleteButton } from '../../components/data-table.tsx';
import { ShippedState } from './order-state.tsx';
import { BusyButton } from '../../components/busy-button.tsx';

// The buttons of one order, the same in the desktop table and on a phone's card.

/** What Manage All Orders adds: the customer and the shipping step. */
export type AdminColumns = {
  onShip: (order: Order) => void;
  /** The order being marked shipped right now, if any. */
  shippingId: string | null;
};

/** What My Orders adds: Order again, which puts an order's lines back into the cart. */
export type ReorderColumn = {
  onReorder: (order: Order) => void;
  /** The order being put back into the cart right now, if any. */
  reorderingId: string | null;
};

/** Buttons repeat from order to order; their names say which one they act on. */
export const whichOrder = (order: Order) => `order #${order.number}, ${order.name}`;

const EXPIRED_TITLE =
  'This order expired unpaid and its stock went back. Delete it and order again.';

export function PayAction({ order }: { order: Order }) {
  const which = whichOrder(order);
  if (order.paid) {
    return (
      <button type="button" className="btn btn-sm" disabled aria-label={`Pay ${which}: paid`}>
        Pay
      </button>
    );
  }
  if (order.status === 'awaiting_approval' || order.status === 'rejected') {
    // Paid only once the company's owner or an admin has approved it.
    const state = order.status === 'rejected' ? 'rejected' : 'awaiting approval';
    return (
      <button type="button" className="btn btn-sm" disabled aria-label={`Pay ${which}: ${state}`}>
        Pay
      </button>
    );
  }
  if (order.status === 'expired') {
    return (
      <button
        type="button"
        className="btn btn-sm"
        disabled
        title={EXPIRED_TITLE}
        aria-label={`Pay ${which}: expired`}
      >
        Pay
      </button>
    );
  }
  return (
    <Link
      to={toPath(sitePaths.payment, { orderid: order._id })}
      className="btn btn-sm btn-primary"
      aria-label={`Pay ${which}`}
    >
      Pay
    </Link>
  );
}

/**
 * Manage All Orders' Shipping: Mark shipped once paid (it ships everything left, in one
 * parcel), then the day the last of it went. Shipped means all of it: an order shipped in part
 * says so, and still offers Mark shipped for the rest.
 */
export function ShipAction({ order, admin }: { order: Order; admin: AdminColumns }) {
  if (order.status === 'shipped') return <ShippedState order={order} />;
  if (order.status === 'cancelled') {
    return <span className="text-sm text-base-content/80">Cancelled, refunded</span>;
  }
  if (order.status === 'expired') {
    return <span className="text-sm text-base-content/80">Expired unpaid</span>;
  }
  if (!order.paid) return <span className="text-sm text-base-content/80">Awaiting payment</span>;
  const button = (
    <OrderButton order={order} kind="ship" busyId={admin.shippingId} run={admin.onShip} />
  );
  if (order.status !== 'partially_shipped') return button;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="badge badge-info badge-outline whitespace-nowrap">Partly shipped</span>
      {button}
    </span>
  );
}

function ReorderAction({ order, reorder }: { order: Order; reorder: ReorderColumn }) {
  return (
    <OrderButton
      order={order}
      kind="reorder"
      busyId={reorder.reorderingId}
      run={reorder.onReorder}
    />
  );
}

/** The buttons that act on one order of a list and wait for the server. */
const orderButtons = {
  // Ships everything left of the order (PATCH /orders/{id}/ship).
  ship: { action: 'Mark shipped', className: 'btn btn-sm btn-secondary whitespace-nowrap' },
  reorder: { action: 'Order again', className: 'btn btn-sm btn-outline' },
} as const;

/** An action on one order of a list: named after the order, busy while its request runs. */
function OrderButton({
  order,
  kind,
  busyId,
  run,
}: {
  order: Order;
  kind: keyof typeof orderButtons;
  /** The order whose request of this kind is running, if any. */
  busyId: string | null;
  run: (order: Order) => void;
}) {
  const { action, className } = orderButtons[kind];
  return (
    <BusyButton
      className={className}
      pending={busyId === order._id}
      spinner="xs"
      aria-label={`${action} ${whichOrder(order)}`}
      onClick={() => run(order)}
    >
      {action}
    </BusyButton>
  );
}

function DeleteAction({ order, onDelete }: { order: Order; onDelete: (order: Order) => void }) {
  return (
    <RowDeleteButton
      label={`Delete ${whichOrder(order)}`}
      disabled={order.paid}
      title={order.paid ? 'A paid order cannot be deleted.' : undefined}
      onClick={() => onDelete(order)}
    />
  );
}

/**
 * The buttons that end an order's row or card: Pay (the card's; the table gives Pay a column of
 * its own), Order again where the list offers it, and Delete.
 */
export function OwnActions({
  order,
  onDelete,
  reorder,
  pay = false,
  className = 'flex flex-wrap gap-2',
}: Pick<OrderItemProps, 'order' | 'onDelete' | 'reorder'> & { pay?: boolean; className?: string }) {
  return (
    <div className={className}>
      {pay && <PayAction order={order} />}
      {reorder && <ReorderAction order={order} reorder={reorder} />}
      <DeleteAction order={order} onDelete={onDelete} />
    </div>
  );
}

/** Opens the parts of an order of several, under its row or on its card. */
export function LinesToggle({
  order,
  shown,
  controls,
  onToggle,
}: {
  order: Order;
  shown: boolean;
  /** The id of what it shows and hides. */
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-xs btn-ghost"
      aria-expanded={shown}
      aria-controls={controls}
      aria-label={`Show lines of order #${order.number}`}
      onClick={onToggle}
    >
      Lines
      <span aria-hidden="true">{shown ? '▴' : '▾'}</span>
    </button>
  );
}

/** One order in a list, as a table row or a card: the actions its list offers. */
export type OrderItemProps = {
  order: Order;
  onDelete: (order: Order) => void;
  admin: AdminColumns | undefined;
  reorder: ReorderColumn | undefined;
};

/** The parts of an order of several, hidden until its toggle opens them. */
export function useOrderLines(order: Order) {
  const [shown, setShown] = useState(false);
  const id = useId();
  const several = order.lines.length > 1;
  const toggle = several && (
    <LinesToggle
      order={order}
      shown={shown}
      controls={id}
      onToggle={() => setShown((open) => !open)}
    />
  );
  return { id, shown, several, toggle };
}
