import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { OrderLinesTable } from '../../components/order-lines-table.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';

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

type Props = {
  label: string;
  orders: Order[];
  /** The No of the first row: lists paged on the server keep counting across pages. */
  firstNo?: number;
  onDelete: (order: Order) => void;
  admin?: AdminColumns;
  reorder?: ReorderColumn;
};

/**
 * Spec's My Orders table (No, Name, Price, Quantity, Total Price, Payment, Pay, Action). For
 * admins it also shows the customer and shipping, and no Pay: only the owner can pay.
 */
export function OrdersTable({ label, orders, firstNo = 1, onDelete, admin, reorder }: Props) {
  return (
    <TableScroll label={label}>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">No</th>
            <th scope="col">Name</th>
            {admin && <th scope="col">Customer</th>}
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
            <th scope="col">Total Price</th>
            <th scope="col">Payment</th>
            <th scope="col">{admin ? 'Shipping' : 'Pay'}</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order, i) => (
            <OrderRow
              key={order._id}
              no={firstNo + i}
              order={order}
              onDelete={onDelete}
              admin={admin}
              reorder={reorder}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function OrderRow({
  no,
  order,
  onDelete,
  admin,
  reorder,
}: {
  no: number;
  order: Order;
  onDelete: (order: Order) => void;
  admin: AdminColumns | undefined;
  reorder: ReorderColumn | undefined;
}) {
  const [showLines, setShowLines] = useState(false);
  const linesId = useId();
  // Row buttons repeat; their names say which order they act on.
  const which = `order ${no}, ${order.name}`;
  const severalLines = order.lines.length > 1;
  const reordering = reorder?.reorderingId === order._id;
  return (
    <>
      <tr>
        <th scope="row">{no}</th>
        <td className="min-w-40">
          <div className="flex flex-wrap items-center gap-2">
            <span>{order.name}</span>
            {severalLines && (
              <button
                type="button"
                className="btn btn-xs btn-ghost"
                aria-expanded={showLines}
                aria-controls={linesId}
                aria-label={`Show lines of order ${no}`}
                onClick={() => setShowLines((shown) => !shown)}
              >
                Lines
                <span aria-hidden="true">{showLines ? '▴' : '▾'}</span>
              </button>
            )}
          </div>
        </td>
        {admin && <td className="whitespace-nowrap">{order.email}</td>}
        {/* Each line of a multi-part order has its own unit price. */}
        <td>{order.price === null ? 'Varies' : formatDollars(order.price)}</td>
        <td>{order.quantity}</td>
        <td className="font-semibold">{formatDollars(order.totalPrice)}</td>
        <td>
          <PaymentBadge order={order} />
        </td>
        <td>
          {admin ? (
            <ShippingCell order={order} which={which} admin={admin} />
          ) : (
            <PayCell order={order} which={which} />
          )}
        </td>
        <td>
          <div className="flex flex-wrap gap-2">
            {reorder && (
              <button
                type="button"
                className="btn btn-sm btn-outline"
                disabled={reordering}
                aria-busy={reordering || undefined}
                aria-label={`Order again ${which}`}
                onClick={() => reorder.onReorder(order)}
              >
                {reordering && (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                )}
                Order again
              </button>
            )}
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error"
              disabled={order.paid}
              title={order.paid ? 'A paid order cannot be deleted.' : undefined}
              aria-label={`Delete ${which}`}
              onClick={() => onDelete(order)}
            >
              Delete
            </button>
          </div>
        </td>
      </tr>
      {severalLines && (
        <tr id={linesId} hidden={!showLines}>
          <td colSpan={admin ? 9 : 8} className="bg-base-200/50">
            {showLines && <OrderLinesTable caption={`Lines of order ${no}`} lines={order.lines} />}
          </td>
        </tr>
      )}
    </>
  );
}

function PaymentBadge({ order }: { order: Order }) {
  if (order.paid) return <span className="badge badge-success">Paid</span>;
  if (order.status === 'expired') return <span className="badge badge-neutral">Expired</span>;
  return <span className="badge badge-warning">Unpaid</span>;
}

const EXPIRED_TITLE =
  'This order expired unpaid and its stock went back. Delete it and order again.';

function PayCell({ order, which }: { order: Order; which: string }) {
  if (order.paid) {
    return (
      <button type="button" className="btn btn-sm" disabled aria-label={`Pay ${which}: paid`}>
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

function ShippingCell({
  order,
  which,
  admin,
}: {
  order: Order;
  which: string;
  admin: AdminColumns;
}) {
  if (order.shipped) return <span className="badge badge-info">Shipped</span>;
  if (order.status === 'expired') {
    return <span className="text-sm text-base-content/70">Expired unpaid</span>;
  }
  if (!order.paid) return <span className="text-sm text-base-content/70">Awaiting payment</span>;
  const pending = admin.shippingId === order._id;
  return (
    <button
      type="button"
      className="btn btn-sm btn-secondary"
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={`Mark shipped ${which}`}
      onClick={() => admin.onShip(order)}
    >
      {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Mark shipped
    </button>
  );
}
