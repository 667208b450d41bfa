import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths } from '../../../contract/site-paths.ts';

function TransactionId({ id }: { id: string | undefined }) {
  if (!id) return null;
  return (
    <p>
      Transaction id: <code className="break-all font-mono text-sm">{id}</code>
    </p>
  );
}

function ToMyOrders() {
  return (
    <Link to={sitePaths.dashboard} className="btn btn-primary self-start">
      Go to My Orders
    </Link>
  );
}

/** The payment made on this visit went through and the server has recorded it. */
export function PaymentSucceeded({ order }: { order: Order }) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-box border border-success p-6">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck className="shrink-0 text-success" aria-hidden="true" />
        Congrats your payment has been succeed!
      </p>
      {order.amountTotal !== undefined && <p>Amount paid: {formatDollars(order.amountTotal)}</p>}
      <TransactionId id={order.transactionId} />
      <ToMyOrders />
    </div>
  );
}

/** An order paid earlier: it cannot be paid twice, so there is no card form. */
export function AlreadyPaid({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 p-6">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck className="shrink-0 text-success" aria-hidden="true" />
        This order is paid.
      </p>
      <TransactionId id={order.transactionId} />
      <ToMyOrders />
    </div>
  );
}

/** An order whose hold ended before it was paid: its stock went back, so it cannot be paid. */
export function OrderExpired() {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-box border border-warning p-6">
      <p className="text-lg font-semibold">This order has expired.</p>
      <p>
        Its parts were held for you for a while and have gone back into stock. Delete it in My
        Orders and place a new order to buy them.
      </p>
      <ToMyOrders />
    </div>
  );
}
