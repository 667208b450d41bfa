import { useId, useState } from 'react';
import type { Order } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { OrderLinesTable } from '../../components/order-lines-table.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import {
  DeleteAction,
  LinesToggle,
  PayAction,
  ReorderAction,
  ShipAction,
  type AdminColumns,
  type ReorderColumn,
} from './order-actions.tsx';
import { OrderCards } from './order-cards.tsx';
import { OrderState } from './order-state.tsx';
import { dayText, orderRef } from '../../lib/order-text.ts';

export type { AdminColumns, ReorderColumn } from './order-actions.tsx';

export type OrdersListProps = {
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
 * admins it also names the customer, and has Shipping instead of Pay: only the owner can pay. Below
 * the md width the same orders are cards instead, one under another: a phone then reaches
 * every field and button without scrolling sideways.
 */
export function OrdersTable(props: OrdersListProps) {
  const { label, orders, firstNo = 1, onDelete, admin, reorder } = props;
  return (
    <>
      <div className="hidden md:block">
        <TableScroll label={label}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">No</th>
                <th scope="col">Name</th>
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
      </div>
      <OrderCards {...props} />
    </>
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
  const severalLines = order.lines.length > 1;
  return (
    <>
      <tr>
        <th scope="row">{no}</th>
        <td className="min-w-44">
          <p className="text-sm text-base-content/80">
            <span className="font-semibold whitespace-nowrap text-base-content">
              {orderRef(order)}
            </span>{' '}
            <span className="whitespace-nowrap">
              · placed <time dateTime={order.createdAt}>{dayText(order.createdAt)}</time>
            </span>
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span>{order.name}</span>
            {severalLines && (
              <LinesToggle
                order={order}
                shown={showLines}
                controls={linesId}
                onToggle={() => setShowLines((shown) => !shown)}
              />
            )}
          </div>
          {/* In the Name cell rather than a column of its own: with one, the table is wider
              than the dashboard at 1280 px and Mark shipped goes out of sight. */}
          {admin && (
            <p className="mt-1 text-sm wrap-anywhere text-base-content/80">
              Customer: {order.userName}
              <br />
              {order.email}
            </p>
          )}
        </td>
        {/* Each line of a multi-part order has its own unit price. */}
        <td>{order.price === null ? 'Varies' : formatDollars(order.price)}</td>
        <td>{order.quantity}</td>
        <td className="font-semibold">{formatDollars(order.totalPrice)}</td>
        <td>
          <OrderState order={order} shipping={!admin} />
        </td>
        <td>{admin ? <ShipAction order={order} admin={admin} /> : <PayAction order={order} />}</td>
        <td>
          <div className="flex flex-wrap gap-2">
            {reorder && <ReorderAction order={order} reorder={reorder} />}
            <DeleteAction order={order} onDelete={onDelete} />
          </div>
        </td>
      </tr>
      {severalLines && (
        <tr id={linesId} hidden={!showLines}>
          <td colSpan={8} className="bg-base-200/50">
            {showLines && (
              <OrderLinesTable caption={`Lines of order #${order.number}`} lines={order.lines} />
            )}
          </td>
        </tr>
      )}
    </>
  );
}
