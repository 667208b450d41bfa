import type { ReactNode } from 'react';
import type { Order } from '../../../contract/orders.ts';
import { dayText, holdEndText } from '../../lib/order-text.ts';

/**
 * Where an order stands, in the Payment column: Unpaid with the end of its hold, Paid, Partly
 * shipped, Shipped with its day, Cancelled (and refunded), Expired. Manage All Orders has a Shipping column of its own, so there
 * `shipping={false}` keeps this to the payment (a shipped order reads Paid here).
 */
export function OrderState({ order, shipping = true }: { order: Order; shipping?: boolean }) {
  if (order.status === 'shipped' && shipping) return <ShippedState order={order} />;
  if (order.status === 'cancelled') {
    return (
      <Stacked badge={<span className="badge badge-error">Cancelled</span>}>
        {order.paymentMethod === 'account' ? 'credited' : 'refunded'}
      </Stacked>
    );
  }
  if (order.status === 'partially_shipped' && shipping) {
    return <span className="badge badge-info badge-outline">Partly shipped</span>;
  }
  if (order.paid) {
    return (
      <span className="badge badge-success">
        {order.paymentMethod === 'account' ? 'Charged to account' : 'Paid'}
      </span>
    );
  }
  if (order.status === 'expired') return <span className="badge badge-neutral">Expired</span>;
  if (order.status === 'awaiting_approval') {
    return <span className="badge badge-warning whitespace-nowrap">Awaiting approval</span>;
  }
  if (order.status === 'rejected') return <span className="badge badge-error">Rejected</span>;
  return (
    <Stacked badge={<span className="badge badge-warning">Unpaid</span>}>
      {order.expiresAt && (
        <>
          held until <time dateTime={order.expiresAt}>{holdEndText(order.expiresAt)}</time>
        </>
      )}
    </Stacked>
  );
}

/** Shipped, and the day it left. */
export function ShippedState({ order }: { order: Order }) {
  return (
    <Stacked badge={<span className="badge badge-info">Shipped</span>}>
      {order.shippedAt && (
        <>
          on <time dateTime={order.shippedAt}>{dayText(order.shippedAt)}</time>
        </>
      )}
    </Stacked>
  );
}

function Stacked({ badge, children }: { badge: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex flex-col items-start gap-1">
      {badge}
      {children && <span className="text-sm text-base-content/80">{children}</span>}
    </span>
  );
}
