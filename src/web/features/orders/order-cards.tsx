import { Link } from 'react-router';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { OrderLineCards } from '../../components/order-line-cards.tsx';
import { OwnActions, ShipAction, useOrderLines, type OrderItemProps } from './order-actions.tsx';
import { OrderState } from './order-state.tsx';
import { dayText, orderRef } from '../../lib/order-text.ts';
import type { OrdersListProps } from './orders-list-props.ts';

/**
 * The orders of OrdersTable on a phone's width: one card per order with the table's fields
 * under the same names, and its buttons in reach.
 */
export function OrderCards({
  label,
  orders,
  firstNo = 1,
  onDelete,
  admin,
  reorder,
}: OrdersListProps) {
  return (
    // An ordered list keeps the table's No: the position of each order, counted across pages.
    <ol aria-label={label} start={firstNo} className="flex flex-col gap-4 md:hidden">
      {orders.map((order) => (
        <OrderCard
          key={order._id}
          order={order}
          onDelete={onDelete}
          admin={admin}
          reorder={reorder}
        />
      ))}
    </ol>
  );
}

function OrderCard({ order, onDelete, admin, reorder }: OrderItemProps) {
  const lines = useOrderLines(order);
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <h2 className="text-lg font-semibold">
        <Link to={toPath(sitePaths.orderDetail, { orderid: order._id })} className="link">
          {orderRef(order)}
        </Link>
      </h2>
      <p className="text-sm text-base-content/80">
        Placed <time dateTime={order.createdAt}>{dayText(order.createdAt)}</time>
        {!admin && order.companyId && ` by ${order.placedBy.name}`}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-medium wrap-anywhere">{order.name}</p>
        {lines.toggle}
      </div>
      {lines.several && (
        <div id={lines.id} hidden={!lines.shown} className="mt-2">
          {lines.shown && (
            <OrderLineCards caption={`Lines of order #${order.number}`} lines={order.lines} />
          )}
        </div>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 text-sm">
        {admin && (
          <>
            <dt className="text-base-content/80">Customer</dt>
            <dd className="min-w-0 wrap-anywhere">
              {order.userName}
              <br />
              {order.email}
            </dd>
          </>
        )}
        <dt className="text-base-content/80">Price</dt>
        <dd>{order.price === null ? 'Varies' : `${formatDollars(order.price)} per piece`}</dd>
        <dt className="text-base-content/80">Quantity</dt>
        <dd>{order.quantity}</dd>
        <dt className="text-base-content/80">Total Price</dt>
        <dd className="font-semibold">{formatDollars(order.grandTotal)}</dd>
        <dt className="text-base-content/80">Payment</dt>
        <dd>
          <OrderState order={order} shipping={!admin} />
        </dd>
        {admin && (
          <>
            <dt className="text-base-content/80">Shipping</dt>
            <dd>
              <ShipAction order={order} admin={admin} />
            </dd>
          </>
        )}
      </dl>
      <OwnActions
        order={order}
        onDelete={onDelete}
        reorder={reorder}
        pay={!admin}
        className="mt-4 flex flex-wrap gap-2"
      />
    </li>
  );
}
