import { Link } from 'react-router';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { formatDollars } from '../../../contract/money.ts';
import { OrderLinesTable } from '../../components/order-lines-table.tsx';
import { DataTable } from '../../components/data-table.tsx';
import {
  OwnActions,
  PayAction,
  ShipAction,
  useOrderLines,
  type OrderItemProps,
} from './order-actions.tsx';
import { OrderCards } from './order-cards.tsx';
import type { OrdersListProps } from './orders-list-props.ts';
import { OrderState } from './order-state.tsx';
import { dayText, orderRef } from '../../lib/order-text.ts';

export type { AdminColumns, ReorderColumn } from './order-actions.tsx';

/** The spec's columns up to the one that differs for admins. */
const firstColumns = ['No', 'Name', 'Price', 'Quantity', 'Total Price', 'Payment'];

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
        <DataTable label={label} columns={[...firstColumns, admin ? 'Shipping' : 'Pay', 'Action']}>
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
        </DataTable>
      </div>
      <OrderCards {...props} />
    </>
  );
}

function OrderRow({ no, order, onDelete, admin, reorder }: OrderItemProps & { no: number }) {
  const lines = useOrderLines(order);
  return (
    <>
      <tr>
        <th scope="row">{no}</th>
        <td className="min-w-44">
          <p className="text-sm text-base-content/80">
            <Link
              to={toPath(sitePaths.orderDetail, { orderid: order._id })}
              className="link font-semibold whitespace-nowrap text-base-content"
            >
              {orderRef(order)}
            </Link>{' '}
            <span className="whitespace-nowrap">
              · placed <time dateTime={order.createdAt}>{dayText(order.createdAt)}</time>
              {/* A company's orders are every member's: each says who placed it. */}
              {!admin && order.companyId && ` by ${order.placedBy.name}`}
            </span>
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span>{order.name}</span>
            {lines.toggle}
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
        <td className="font-semibold">{formatDollars(order.grandTotal)}</td>
        <td>
          <OrderState order={order} shipping={!admin} />
        </td>
        <td>{admin ? <ShipAction order={order} admin={admin} /> : <PayAction order={order} />}</td>
        <td>
          <OwnActions order={order} onDelete={onDelete} reorder={reorder} />
        </td>
      </tr>
      {lines.several && (
        <tr id={lines.id} hidden={!lines.shown}>
          <td colSpan={8} className="bg-base-200/50">
            {lines.shown && (
              <OrderLinesTable caption={`Lines of order #${order.number}`} lines={order.lines} />
            )}
          </td>
        </tr>
      )}
    </>
  );
}
