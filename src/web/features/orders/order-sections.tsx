import { Download, ExternalLink } from 'lucide-react';
import type { OrderEventKind } from '../../../contract/order-events.ts';
import type { CreditNote } from '../../../contract/order-delivery.ts';
import { formatDollars } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import { dayText, momentText } from '../../lib/order-text.ts';
import { AddressLines } from '../../components/address-lines.tsx';

// The parts of the order page (order-page.tsx), each shown in a card of its own (CardSection).

const statusText: Record<Order['status'], { text: string; badge: string }> = {
  unpaid: { text: 'Unpaid', badge: 'badge-warning' },
  awaiting_approval: { text: 'Awaiting approval', badge: 'badge-warning' },
  paid: { text: 'Paid', badge: 'badge-success' },
  partially_shipped: { text: 'Partly shipped', badge: 'badge-info' },
  shipped: { text: 'Shipped', badge: 'badge-info' },
  expired: { text: 'Expired', badge: 'badge-neutral' },
  cancelled: { text: 'Cancelled', badge: 'badge-error' },
  rejected: { text: 'Rejected', badge: 'badge-error' },
};

export function StatusBadge({ order }: { order: Order }) {
  // An order charged to the company's account is paid in the shop's books, not by card.
  const { text, badge } =
    order.status === 'paid' && order.paymentMethod === 'account'
      ? { text: 'Charged to account', badge: 'badge-success' }
      : statusText[order.status];
  return <span className={`badge ${badge}`}>{text}</span>;
}

/** Where it goes and who pays, and how it travels. */
export function DeliveryDetails({ order }: { order: Order }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div>
        <h3 className="font-semibold">Ship to</h3>
        {order.shippingAddress ? (
          <AddressLines address={order.shippingAddress} />
        ) : (
          <p className="text-base-content/80">Not chosen yet</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold">Bill to</h3>
        {order.billingAddress ? (
          <AddressLines address={order.billingAddress} />
        ) : (
          <p className="text-base-content/80">The ship-to address</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold">Shipping method</h3>
        <p>{order.shippingMethod?.name ?? 'Not chosen yet'}</p>
      </div>
    </div>
  );
}

const eventText: Record<OrderEventKind, string> = {
  placed: 'Placed',
  shipping_set: 'Shipping chosen',
  paid: 'Paid',
  invoiced: 'Invoiced',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  expired: 'Expired',
  awaiting_approval: 'Sent for approval',
  approval_needed_again: 'Sent for approval again',
  approved: 'Approved',
  rejected: 'Rejected',
  charged_to_account: 'Charged to account',
  credit_note: 'Credit note issued',
  pieces_cancelled: 'Pieces cancelled',
  backorder_allocated: 'Backorder in',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  return_received: 'Return received',
};

/** What happened to the order, oldest first. */
export function Timeline({ order }: { order: Order }) {
  if (order.timeline.length === 0) return <p>Nothing recorded yet.</p>;
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-3 border-l-2 border-base-300 pl-4">
      {order.timeline.map((entry, i) => (
        <li key={i} className="flex flex-col">
          <span className="font-medium">{eventText[entry.event]}</span>
          <time dateTime={entry.at} className="text-sm text-base-content/80">
            {momentText(entry.at)}
          </time>
          {entry.detail && <span className="text-sm wrap-anywhere">{entry.detail}</span>}
        </li>
      ))}
    </ol>
  );
}

/** Each parcel: when, the carrier, its tracking number and link, and what was in it. */
export function Shipments({ order }: { order: Order }) {
  if (order.shipments.length === 0) return <p>Nothing has shipped yet.</p>;
  return (
    <ul aria-label="Shipments" className="flex flex-col gap-3">
      {order.shipments.map((shipment, i) => (
        <li key={shipment._id} className="rounded-box bg-base-200/60 p-3">
          <p className="font-medium">
            Parcel {i + 1} · sent{' '}
            <time dateTime={shipment.createdAt}>{dayText(shipment.createdAt)}</time>
          </p>
          <p className="wrap-anywhere">
            {shipment.carrier}, tracking number{' '}
            <span className="font-mono">{shipment.trackingNumber}</span>
          </p>
          {shipment.trackingUrl && (
            <a
              href={shipment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="link link-primary inline-flex items-center gap-1"
            >
              Track parcel {i + 1} ({shipment.trackingNumber})
              <ExternalLink size={14} aria-hidden="true" />
            </a>
          )}
          <ul className="mt-1 list-disc pl-5 text-sm">
            {shipment.lines.map((line) => (
              <li key={line.sku}>
                {line.quantity} × {line.name} <span className="font-mono text-xs">{line.sku}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The invoice once paid, and each credit note, as PDFs. */
export function Documents({ order }: { order: Order }) {
  if (!order.invoiceNumber && order.creditNotes.length === 0) {
    return <p>The invoice is ready once the order is paid.</p>;
  }
  const base = `/api/orders/${encodeURIComponent(order._id)}`;
  return (
    <div className="flex flex-col gap-3">
      {order.invoiceNumber && (
        <a
          href={`${base}/invoice`}
          download
          className="btn btn-outline btn-sm self-start"
          aria-label={`Download invoice ${order.invoiceNumber}`}
        >
          <Download size={16} aria-hidden="true" />
          Download invoice
        </a>
      )}
      {order.creditNotes.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Credit notes">
          {order.creditNotes.map((note) => (
            <li
              key={note.number}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium">
                  Credit note <span className="font-mono">{note.number}</span>:{' '}
                  {formatDollars(note.total)}
                </p>
                <p className="text-base-content/80 wrap-anywhere">
                  {note.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}
                  {note.shipping > 0 ? `${note.lines.length ? ', ' : ''}shipping` : ''} ·{' '}
                  {creditState(note)}
                </p>
              </div>
              <a
                href={`${base}/credit-notes/${encodeURIComponent(note.number)}`}
                download
                className="btn btn-outline btn-sm"
                aria-label={`Download credit note ${note.number}`}
              >
                <Download size={16} aria-hidden="true" />
                Download credit note
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Where a credit note's money went, or that it is still owed. */
function creditState(note: CreditNote) {
  if (note.refund === 'account') return "credited to the company's account";
  return note.refundedAt
    ? `refunded to the card ${dayText(note.refundedAt)}`
    : 'refund to the card under way';
}
