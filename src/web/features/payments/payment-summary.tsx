import type { Order } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { OrderLinesTable } from '../../components/order-lines-table.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';

/** What is being paid for, as the server recorded it when the order was placed. */
export function PaymentSummary({ order }: { order: Order }) {
  const severalLines = order.lines.length > 1;
  return (
    <section
      aria-labelledby="payment-summary-heading"
      className="card border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <h2 id="payment-summary-heading" className="text-xl font-bold">
        Order summary
      </h2>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Product</dt>
        <dd className="text-right">{order.name}</dd>
        {order.price !== null && (
          <>
            <dt>Price</dt>
            <dd className="text-right">{formatDollars(order.price)} per piece</dd>
          </>
        )}
        <dt>Quantity</dt>
        <dd className="text-right">{order.quantity}</dd>
        <dt className="font-semibold">Total price</dt>
        <dd className="text-right font-semibold">{formatDollars(order.totalPrice)}</dd>
      </dl>
      {/* Several parts: each has its own quantity and tier price, so list them. */}
      {severalLines && (
        <div className="mt-4">
          <TableScroll label="Parts in this order">
            <OrderLinesTable caption="Parts in this order" lines={order.lines} />
          </TableScroll>
        </div>
      )}
    </section>
  );
}
