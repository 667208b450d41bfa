import type { Order } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { OrderLines } from '../../components/order-line-cards.tsx';
import { dayText, holdEndText, orderRef } from '../../lib/order-text.ts';
import { AddressLines } from '../../components/address-lines.tsx';
import { MoneySummary, orderMoney } from '../../components/money-summary.tsx';

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
      <p className="text-base-content/80">
        <span className="font-semibold text-base-content">{orderRef(order)}</span> · placed{' '}
        <time dateTime={order.createdAt}>{dayText(order.createdAt)}</time>
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Product</dt>
        <dd className="text-right wrap-anywhere">{order.name}</dd>
        {order.price !== null && (
          <>
            <dt>Price</dt>
            <dd className="text-right">{formatDollars(order.price)} per piece</dd>
          </>
        )}
        <dt>Quantity</dt>
        <dd className="text-right">{order.quantity}</dd>
        {/* What is or will be charged; the goods alone are the subtotal below, so labelled. */}
        <dt>Total price</dt>
        <dd className="text-right">{formatDollars(order.grandTotal)}</dd>
        {/* Until then its parts are held; after it the order can no longer be paid. */}
        {order.status === 'unpaid' && order.expiresAt && (
          <>
            <dt>Held for you until</dt>
            <dd className="text-right">
              <time dateTime={order.expiresAt}>{holdEndText(order.expiresAt)}</time>
            </dd>
          </>
        )}
      </dl>
      {order.shippingAddress && (
        <div className="mt-4">
          <h3 className="font-semibold">Ship to</h3>
          <AddressLines address={order.shippingAddress} />
        </div>
      )}
      {/* What the card is charged: the goods, shipping and tax. */}
      <div className="mt-4">
        <MoneySummary money={orderMoney(order)} totalLabel="Grand total (charged)" />
      </div>
      {/* Several parts: each has its own quantity and tier price, so list them. */}
      {severalLines && (
        <div className="mt-4">
          <OrderLines caption="Parts in this order" lines={order.lines} />
        </div>
      )}
    </section>
  );
}
