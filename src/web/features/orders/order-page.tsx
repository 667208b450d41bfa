import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { OrderLines } from '../../components/order-line-cards.tsx';
import { CardSection } from '../../components/card-section.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { dayText, orderRef } from '../../lib/order-text.ts';
import { useSession } from '../../lib/session.ts';
import { useIsAdmin } from '../auth/api.ts';
import { orderQuery, useOrder } from './api.ts';
import { SaveToListForm } from '../../components/save-to-list-form.tsx';
import { saveToListAction, useSaveToListForm } from '../lists/save-to-list-api.ts';
import { BuyerCancelAction } from './buyer-cancel-action.tsx';
import { useOrderAgain } from './order-again.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { OrderAdminActions } from './order-admin-actions.tsx';
import { AccountFacts, ApprovalActions } from './order-account.tsx';
import { MoneySummary, orderMoney } from '../../components/money-summary.tsx';
import { DeliveryDetails, Documents, Shipments, StatusBadge, Timeline } from './order-sections.tsx';

/** Save to list posted before the script took over (the page's one posted form for a buyer). */
export const action = saveToListAction;

/** The order's parts that are still sold, at the quantities ordered. */
const partsStillSold = (order: Order) =>
  order.lines.flatMap((l) =>
    l.productId ? [{ productId: l.productId, quantity: l.quantity }] : [],
  );

/** The order's parts into a list (beside the order's other buttons; it opens below them). */
function OrderSaveToList({ order }: { order: Order }) {
  const control = useSaveToListForm();
  const lines = partsStillSold(order);
  if (lines.length === 0) return null;
  return <SaveToListForm control={control} summary="Save to list" lines={lines} />;
}

/** Order again: the order's parts back into the cart at today's prices, then to the cart. */
function OrderAgainButton({ order }: { order: Order }) {
  const again = useOrderAgain();
  if (partsStillSold(order).length === 0) return null;
  return (
    <BusyButton
      className="btn btn-outline btn-sm"
      pending={again.reorderingId === order._id}
      spinner="xs"
      onClick={() => again.onReorder(order)}
    >
      Order again
    </BusyButton>
  );
}

export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [orderQuery(params.orderid ?? '', page.call)]);
}

const META = {
  title: 'Order',
  description: 'One ECParts order: its parts, delivery, totals, parcels and invoice.',
};

/** The order page, for its buyer and for admins (the API lets only them read it). */
export function OrderPage() {
  const { orderid = '' } = useParams();
  const order = useOrder(orderid);
  if (order.isPending) {
    return (
      <DashboardSection {...META}>
        <SectionSpinner label="Loading the order" />
      </DashboardSection>
    );
  }
  if (order.isError) {
    const status = order.error instanceof ApiError ? order.error.status : 0;
    return (
      <DashboardSection {...META}>
        {status === 404 || status === 403 ? (
          <p>This order does not exist, or it is not yours to see.</p>
        ) : (
          <SectionError error={order.error} />
        )}
        <Link to={sitePaths.dashboard} className="btn btn-primary self-start">
          Go to My Orders
        </Link>
      </DashboardSection>
    );
  }
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: Order }) {
  const { user } = useSession();
  const admin = useIsAdmin(user?.email).data?.admin === true;
  const lines = `Parts in ${orderRef(order).toLowerCase()}`;
  return (
    <DashboardSection title={orderRef(order)} description={META.description}>
      <div className="-mt-4 flex flex-wrap items-center gap-3">
        <StatusBadge order={order} />
        <span className="text-base-content/80">
          Placed <time dateTime={order.createdAt}>{dayText(order.createdAt)}</time>
          {admin
            ? ` by ${order.userName} (${order.email})`
            : order.companyId && ` by ${order.placedBy.name}`}
        </span>
      </div>
      {!admin && (
        <div className="flex flex-wrap items-start gap-3" role="group" aria-label="Order actions">
          {order.status === 'unpaid' && (
            <Link
              to={toPath(sitePaths.payment, { orderid: order._id })}
              className="btn btn-primary btn-sm"
            >
              Pay now
            </Link>
          )}
          <OrderAgainButton order={order} />
          {(order.status === 'shipped' || order.status === 'partially_shipped') && (
            <Link
              to={toPath(sitePaths.returnParts, { orderid: order._id })}
              className="btn btn-outline btn-sm"
            >
              Return parts
            </Link>
          )}
          <BuyerCancelAction order={order} />
          <OrderSaveToList order={order} />
        </div>
      )}
      {admin && <OrderAdminActions order={order} />}
      {!admin && <ApprovalActions order={order} />}
      <AccountFacts order={order} />
      <CardSection heading="Parts" id="order-parts">
        <OrderLines caption={lines} lines={order.lines} />
      </CardSection>
      <div className="grid gap-6 lg:grid-cols-2">
        <CardSection heading="Delivery" id="order-delivery">
          <DeliveryDetails order={order} />
        </CardSection>
        <CardSection heading="Totals" id="order-totals">
          <MoneySummary money={orderMoney(order)} />
        </CardSection>
        <CardSection heading="Shipments" id="order-shipments">
          <Shipments order={order} />
        </CardSection>
        <CardSection heading="Documents" id="order-documents">
          <Documents order={order} />
        </CardSection>
      </div>
      <CardSection heading="Timeline" id="order-timeline">
        <Timeline order={order} />
      </CardSection>
    </DashboardSection>
  );
}
