import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RequireAuth } from '../../components/require-auth.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSession, type SessionUser } from '../../lib/session.ts';
import { siteConfigQuery } from '../auth/api.ts';
import { orderQuery, useOrder } from '../orders/api.ts';
import { AccountPayment, ChargedToAccount, NotPayable } from './account-payment.tsx';
import { usePayOrder } from './api.ts';
import { CardPayment } from './card-payment.tsx';
import { AlreadyPaid, OrderExpired, PaymentSucceeded } from './payment-done.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { savedCardsQuery } from './saved-cards-api.ts';
import { ShipOrderStep } from './ship-order-step.tsx';

const META = { title: 'Make your Payment', description: 'Pay for your ECParts order by card.' };

/** Headline and explanation for an order this page cannot show. */
function refusal(error: Error) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403) {
    return {
      heading: 'This order is not yours to pay',
      text: 'Only the customer who placed this order can see it and pay for it.',
    };
  }
  if (status === 404) {
    return { heading: 'This order does not exist', text: 'It may have been deleted.' };
  }
  return null;
}

function OrderUnavailable({ error }: { error: Error }) {
  const known = refusal(error);
  return (
    <section className="flex flex-col items-center gap-6 py-24 text-center">
      <PageMeta {...META} />
      <h1 className="text-3xl font-bold">{known?.heading ?? 'We could not load this order'}</h1>
      {known ? <p>{known.text}</p> : <SectionError error={error} />}
      <Link to={sitePaths.dashboard} className="btn btn-primary">
        Go to My Orders
      </Link>
    </section>
  );
}

function Checkout({ order, user }: { order: Order; user: SessionUser }) {
  const pay = usePayOrder(order);
  const [changing, setChanging] = useState(false);
  // pay.data is the order this visit paid; an order paid before shows as paid, without a form.
  const body = pay.data ? (
    <PaymentSucceeded order={pay.data} />
  ) : order.paid ? (
    order.paymentMethod === 'account' ? (
      <ChargedToAccount order={order} />
    ) : (
      <AlreadyPaid order={order} />
    )
  ) : order.status === 'expired' ? (
    <OrderExpired />
  ) : order.status === 'awaiting_approval' || order.status === 'rejected' ? (
    <NotPayable order={order} />
  ) : !order.shippingAddress || !order.shippingMethod || changing ? (
    // The card is charged the grand total, which needs the address and method first.
    <ShipOrderStep
      order={order}
      onSaved={() => setChanging(false)}
      onCancel={changing ? () => setChanging(false) : undefined}
    />
  ) : (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={pay.isPending}
        onClick={() => setChanging(true)}
      >
        Change where to ship
      </button>
      <AccountPayment order={order} />
      <CardPayment order={order} user={user} pay={pay} />
    </>
  );
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 py-10">
      <PageMeta {...META} />
      <h1 className="text-3xl font-bold">Make your Payment</h1>
      <PaymentSummary order={order} />
      {body}
    </section>
  );
}

export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [
    orderQuery(params.orderid ?? '', page.call),
    siteConfigQuery(page.call),
    savedCardsQuery(page.call),
  ]);
}

function Payment() {
  const { orderid = '' } = useParams();
  const order = useOrder(orderid);
  const { user } = useSession();

  if (order.isPending) return <PageSpinner label="Loading your order" />;
  if (order.isError) return <OrderUnavailable error={order.error} />;
  // RequireAuth renders this only with a user; the check keeps the types honest.
  if (!user) return null;
  return <Checkout order={order.data} user={user} />;
}

export function PaymentPage() {
  return (
    <RequireAuth>
      <Payment />
    </RequireAuth>
  );
}
