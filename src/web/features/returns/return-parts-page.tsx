import { Form, Link, useNavigation, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Order } from '../../../contract/orders.ts';
import { returnReasons, type ReturnRequest } from '../../../contract/returns.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { FormError } from '../../components/form-fields.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { BusyButton } from '../../components/busy-button.tsx';
import { formAction, useFormAnswer } from '../../lib/form-action.ts';
import { orderRef } from '../../lib/order-text.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { orderQuery, useOrder } from '../orders/api.ts';
import { requestReturnRule, returnsQuery, useReturns } from './api.ts';
import { reasonText, toReturnPage } from './return-actions.ts';

const META = {
  title: 'Return parts',
  description: 'Ask to send shipped parts of an order back: how many of each, and why.',
};

/** Every return of one order (an order has few): what is asked back already. */
const ofOrder = (orderId: string) => ({ orderId, limit: 100 });

export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const id = params.orderid ?? '';
  return ensureSignedIn(page, () => [
    orderQuery(id, page.call),
    returnsQuery(ofOrder(id), page.call),
  ]);
}

export const action = formAction(
  requestReturnRule,
  (ret, _input, args) =>
    toReturnPage(
      ret,
      `Return ${ret.number} requested: we will write with where to send the parts.`,
      args,
    ),
  { signedIn: true },
);

/** What of each part can still be asked back: shipped, less every return not rejected. */
export function returnableLines(order: Order, returns: ReturnRequest[]) {
  const shipped = new Map<string, number>();
  for (const shipment of order.shipments) {
    for (const line of shipment.lines) {
      if (line.productId)
        shipped.set(line.productId, (shipped.get(line.productId) ?? 0) + line.quantity);
    }
  }
  const asked = new Map<string, number>();
  for (const ret of returns) {
    if (ret.status === 'rejected') continue;
    for (const line of ret.lines) {
      if (line.productId)
        asked.set(line.productId, (asked.get(line.productId) ?? 0) + line.quantity);
    }
  }
  return order.lines.flatMap((line) =>
    line.productId
      ? [
          {
            ...line,
            productId: line.productId,
            shipped: shipped.get(line.productId) ?? 0,
            left: Math.max(
              0,
              (shipped.get(line.productId) ?? 0) - (asked.get(line.productId) ?? 0),
            ),
          },
        ]
      : [],
  );
}

/** "Return parts" of a shipped (or partly shipped) order: a quantity and a reason per part. */
export function ReturnPartsPage() {
  const { orderid = '' } = useParams();
  const order = useOrder(orderid);
  const returns = useReturns(ofOrder(orderid));
  if (order.isPending || returns.isPending) {
    return (
      <DashboardSection {...META}>
        <SectionSpinner label="Loading the order" />
      </DashboardSection>
    );
  }
  if (order.isError || returns.isError) {
    return (
      <DashboardSection {...META}>
        <SectionError error={(order.error ?? returns.error)!} />
      </DashboardSection>
    );
  }
  return <ReturnPartsForm order={order.data} returns={returns.data.data} />;
}

function ReturnPartsForm({ order, returns }: { order: Order; returns: ReturnRequest[] }) {
  const answer = useFormAnswer();
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  const lines = returnableLines(order, returns);
  const any = lines.some((l) => l.left > 0);
  const orderPath = toPath(sitePaths.orderDetail, { orderid: order._id });
  const kept = (name: string) => answer?.values[name];
  return (
    <DashboardSection title={`Return parts of ${orderRef(order)}`} description={META.description}>
      <p className="-mt-2 text-base-content/80">
        Choose how many of each part to send back and why. We answer with a return number and where
        to send them; please wait for it before sending anything. Within the return period any
        reason will do; after it, only warranty.
      </p>
      {!any ? (
        <SectionCard title="Nothing to return">
          <p>
            Nothing of this order can be returned now: only shipped parts can go back, and every
            shipped part is returned or asked for already.
          </p>
          <Link to={orderPath} className="btn btn-primary self-start">
            Back to {orderRef(order)}
          </Link>
        </SectionCard>
      ) : (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="orderId" value={order._id} />
          <ul aria-label="Parts to return" className="flex flex-col gap-3">
            {lines.map((line) => {
              const qtyId = `qty-${line.productId}`;
              const reasonId = `reason-${line.productId}`;
              return (
                <li key={line.productId} className="card border border-base-300 bg-base-100">
                  <div className="card-body grid gap-3 p-4 sm:grid-cols-[1fr_9rem_12rem] sm:items-end">
                    <div>
                      <p className="font-semibold wrap-anywhere">{line.name}</p>
                      <p className="text-sm text-base-content/80">
                        {line.sku} · {line.shipped} shipped · up to {line.left} can go back
                      </p>
                    </div>
                    <div className="flex flex-col gap-1">
                      <label htmlFor={qtyId} className="font-medium">
                        Quantity to return
                      </label>
                      <input
                        id={qtyId}
                        name={`qty:${line.productId}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={line.left}
                        step={1}
                        disabled={line.left === 0}
                        defaultValue={kept(`qty:${line.productId}`) ?? '0'}
                        className="input w-full"
                      />
                    </div>
                    <div className="flex flex-col gap-1">
                      <label htmlFor={reasonId} className="font-medium">
                        Reason
                      </label>
                      <select
                        id={reasonId}
                        name={`reason:${line.productId}`}
                        disabled={line.left === 0}
                        defaultValue={kept(`reason:${line.productId}`) ?? 'wrong_part'}
                        className="select w-full"
                      >
                        {returnReasons.map((reason) => (
                          <option key={reason} value={reason}>
                            {reasonText(reason)}
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-col gap-1">
            <label htmlFor="return-note" className="font-medium">
              Note (optional)
            </label>
            <textarea
              id="return-note"
              name="note"
              rows={3}
              maxLength={2000}
              defaultValue={kept('note') ?? ''}
              className="textarea w-full"
            />
          </div>
          <FormError message={answer?.fieldErrors.lines ?? answer?.formError} />
          <div className="flex flex-wrap items-center gap-3">
            <BusyButton type="submit" className="btn btn-primary" pending={pending}>
              Request return
            </BusyButton>
            <Link to={orderPath} className="btn btn-ghost">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </DashboardSection>
  );
}
