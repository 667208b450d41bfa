import { formatDollars } from '../../contract/money.ts';
import type { TaxLine } from '../../contract/order-delivery.ts';
import type { Order } from '../../contract/orders.ts';

/** What an order or a quote costs: the goods, shipping, each tax and the sum of them. */
export type MoneyLines = {
  subtotal: number;
  /** null: no method chosen yet. */
  shipping: { name: string; price: number } | null;
  tax: readonly TaxLine[];
  grandTotal: number;
  reverseCharge: boolean;
  /** A price before the order (checkout, ship-to): VAT charged only for want of a verified VAT ID. */
  vatIdUnverified?: boolean;
};

/** An order's money as it was priced at checkout. */
export const orderMoney = (order: Order): MoneyLines => ({
  subtotal: order.subtotal,
  shipping: order.shippingMethod,
  tax: order.tax,
  grandTotal: order.grandTotal,
  reverseCharge: order.reverseCharge,
});

/** "VAT 21%": a tax line's name and its rate. */
const taxLabel = (line: TaxLine) => `${line.name} (${line.rate}%)`;

/**
 * Subtotal, shipping, each tax line, "Reverse charge" when the buyer accounts for the VAT (or,
 * before the order, why VAT is charged while the buyer's VAT ID waits to be verified), and the
 * grand total (what the card is charged), as the checkout, the payment page and the order page
 * show them.
 */
export function MoneySummary({
  money,
  totalLabel = 'Grand total',
}: {
  money: MoneyLines;
  totalLabel?: string;
}) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
      <dt>Subtotal</dt>
      <dd className="text-right">{formatDollars(money.subtotal)}</dd>
      <dt>
        Shipping
        {money.shipping && <span className="text-base-content/80"> ({money.shipping.name})</span>}
      </dt>
      <dd className="text-right">
        {money.shipping ? formatDollars(money.shipping.price) : 'Not chosen yet'}
      </dd>
      {money.tax.map((line) => (
        <div key={line.name} className="contents">
          <dt>{taxLabel(line)}</dt>
          <dd className="text-right">{formatDollars(line.amount)}</dd>
        </div>
      ))}
      {money.vatIdUnverified && (
        <dd className="col-span-2 text-sm text-base-content/80">
          Your VAT ID is not verified yet, so VAT is charged; it is zero-rated once we have verified
          it.
        </dd>
      )}
      {money.reverseCharge && (
        <>
          <dt className="font-semibold">Reverse charge</dt>
          <dd className="text-right">{formatDollars(0)}</dd>
          <dd className="col-span-2 text-sm text-base-content/80">
            No VAT is charged: the buyer accounts for it (EU reverse charge).
          </dd>
        </>
      )}
      <dt className="border-t border-base-300 pt-1 text-lg font-bold">{totalLabel}</dt>
      <dd className="border-t border-base-300 pt-1 text-right text-lg font-bold">
        {formatDollars(money.grandTotal)}
      </dd>
    </dl>
  );
}
