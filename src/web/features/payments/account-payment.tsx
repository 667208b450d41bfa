import { CircleCheck, Clock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { PoNumberField } from '../../components/po-number-field.tsx';
import { errorMessage, fieldError } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { dayText } from '../../lib/order-text.ts';
import { useChargeToAccount } from '../company/approvals-api.ts';
import { useMyCompany } from '../company/company-api.ts';

/**
 * "Charge to account" for an unpaid order of the buyer's company (an approved one, say): with
 * its PO number, against the credit still available. Nothing when the company has no terms.
 */
export function AccountPayment({ order }: { order: Order }) {
  const company = useMyCompany(order.companyId !== null);
  const charge = useChargeToAccount();
  const [poNumber, setPoNumber] = useState(order.poNumber ?? '');
  const mine = company.data;
  if (!mine?.terms || mine._id !== order.companyId) return null;
  const poRefused = fieldError(charge.error)?.field === 'poNumber';
  return (
    <form
      aria-labelledby="account-payment-title"
      noValidate
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-6"
      onSubmit={(event) => {
        event.preventDefault();
        charge.mutate(
          { order, poNumber: poNumber.trim() || undefined },
          { onSuccess: () => notify('success', 'Order charged to your account.') },
        );
      }}
    >
      <h2 id="account-payment-title" className="text-xl font-bold">
        Charge to account
      </h2>
      <p>
        Available credit: <strong>{formatDollars(mine.available)}</strong> · invoiced now, due in{' '}
        {mine.terms.netDays} days.
      </p>
      <PoNumberField
        id="account-po-number"
        company={mine}
        value={poNumber}
        onChange={setPoNumber}
        invalid={poRefused}
      />
      <BusyButton type="submit" className="btn btn-primary" pending={charge.isPending}>
        Charge {formatDollars(order.grandTotal)} to account
      </BusyButton>
      {charge.isError && (
        <p role="alert" className="text-error">
          {errorMessage(charge.error)}
        </p>
      )}
    </form>
  );
}

/**
 * Where an order that is not paid by card stands: a headline (a tick once charged to the
 * account, a clock while it cannot be paid), what that means, and the way to the order.
 */
function OrderStanding({
  order,
  charged,
  headline,
  children,
}: {
  order: Order;
  charged: boolean;
  headline: string;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      className={`flex flex-col gap-3 rounded-box border p-6 ${charged ? 'border-success' : 'border-warning'}`}
    >
      <p className="flex items-center gap-2 text-lg font-semibold">
        {charged ? (
          <CircleCheck className="shrink-0 text-success" aria-hidden="true" />
        ) : (
          <Clock className="shrink-0" aria-hidden="true" />
        )}
        {headline}
      </p>
      <p>{children}</p>
      <Link
        to={toPath(sitePaths.orderDetail, { orderid: order._id })}
        className="btn btn-primary self-start"
      >
        Open the order
      </Link>
    </div>
  );
}

/** An order charged to the company's account: invoiced, with its due date. */
export function ChargedToAccount({ order }: { order: Order }) {
  return (
    <OrderStanding order={order} charged headline="Charged to account">
      Invoice {order.invoiceNumber}
      {order.dueAt && <>, due {dayText(order.dueAt)}</>}
      {order.poNumber && <>, PO number {order.poNumber}</>}.
    </OrderStanding>
  );
}

/** An order over its buyer's spending limit, or one the company turned down: not payable. */
export function NotPayable({ order }: { order: Order }) {
  const waiting = order.status === 'awaiting_approval';
  return (
    <OrderStanding
      order={order}
      charged={false}
      headline={waiting ? 'Awaiting approval' : 'This order was rejected'}
    >
      {waiting
        ? "It is over the buyer's spending limit: once your company's owner or an admin approves it, it can be paid or charged to the account."
        : 'Your company turned it down and its parts went back into stock.'}
    </OrderStanding>
  );
}
