import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { approvalRefusal } from '../../../contract/company-authority.ts';
import type { MyCompany } from '../../../contract/companies.ts';
import { dollarsToCents, formatDollars } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { dayText, orderRef } from '../../lib/order-text.ts';
import { approvalsQuery, useApproveOrder, useApprovals, useRejectOrder } from './approvals-api.ts';
import { authorityOf, canManage } from './company-api.ts';
import { companyLoader, ManagersSection } from './company-section.tsx';
import { RejectOrderModal } from '../../components/reject-order-modal.tsx';

// Only the owner and admins have approvals to read (a buyer hears 403).
export const loader = companyLoader((company, call) =>
  canManage(company) ? [approvalsQuery(call)] : [],
);

const META = {
  title: 'Approvals',
  description: "Orders over a buyer's spending limit, waiting for your approval.",
};

/** Approvals: the company's orders over their buyer's limit, for the owner or an admin. */
export function ApprovalsPage() {
  return (
    <ManagersSection meta={META} what="approve orders">
      {(company) => <ApprovalList company={company} />}
    </ManagersSection>
  );
}

function ApprovalList({ company }: { company: MyCompany }) {
  const approvals = useApprovals();
  const approve = useApproveOrder();
  const reject = useRejectOrder();
  const [rejecting, setRejecting] = useState<Order | null>(null);
  if (approvals.isPending) return <SectionSpinner label="Loading the orders waiting" />;
  if (approvals.isError) return <SectionError error={approvals.error} />;
  const orders = approvals.data.data;
  return (
    <>
      {orders.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 p-8 text-center">
          <CheckCheck size={36} className="text-base-content/50" aria-hidden="true" />
          <p className="text-lg">No orders are waiting for approval.</p>
        </div>
      ) : (
        <ul aria-label="Orders awaiting approval" className="grid items-start gap-4 lg:grid-cols-2">
          {orders.map((order) => (
            <ApprovalCard
              key={order._id}
              order={order}
              // An order over the caller's own limit is the owner's to approve: not offered.
              refusal={approvalRefusal(authorityOf(company), dollarsToCents(order.grandTotal))}
              approving={approve.isPending && approve.variables._id === order._id}
              onApprove={() =>
                approve.mutate(order, {
                  onSuccess: (approved) =>
                    notify(
                      'success',
                      approved.paymentMethod === 'account' && approved.paid
                        ? `${orderRef(order)} is approved and charged to the account.`
                        : `${orderRef(order)} is approved: ${order.placedBy.name} can pay for it now.`,
                    ),
                  onError: (error) => notify('error', errorMessage(error)),
                })
              }
              onReject={() => setRejecting(order)}
            />
          ))}
        </ul>
      )}
      <RejectOrderModal order={rejecting} reject={reject} onClose={() => setRejecting(null)} />
    </>
  );
}

function ApprovalCard({
  order,
  refusal,
  approving,
  onApprove,
  onReject,
}: {
  order: Order;
  refusal: string | null;
  approving: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const ref = orderRef(order);
  return (
    <li aria-label={ref} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="card-title text-lg">
            <Link to={toPath(sitePaths.orderDetail, { orderid: order._id })} className="link">
              {ref}
            </Link>
          </h2>
          <span className="badge badge-warning">Awaiting approval</span>
        </div>
        <ul aria-label={`Lines of ${ref}`} className="flex flex-col gap-1 text-sm">
          {order.lines.map((line) => (
            <li
              key={`${line.productId ?? ''}-${line.sku}`}
              className="flex items-baseline justify-between gap-3"
            >
              <span className="min-w-0 wrap-anywhere">
                <span className="font-semibold">{line.quantity} ×</span> {line.name}{' '}
                <span className="font-mono text-xs text-base-content/80">{line.sku}</span>
              </span>
              <span className="whitespace-nowrap">{formatDollars(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/80">Placed by</dt>
          <dd className="min-w-0 wrap-anywhere">
            {order.placedBy.name} ({order.placedBy.email})
          </dd>
          <dt className="text-base-content/80">Placed</dt>
          <dd>
            <time dateTime={order.createdAt}>{dayText(order.createdAt)}</time>
          </dd>
          {order.expiresAt && (
            <>
              <dt className="text-base-content/80">Decide by</dt>
              <dd>
                <time dateTime={order.expiresAt}>{dayText(order.expiresAt)}</time>
              </dd>
            </>
          )}
          <dt className="text-base-content/80">Grand total</dt>
          <dd className="font-semibold">{formatDollars(order.grandTotal)}</dd>
          <dt className="text-base-content/80">Payment</dt>
          <dd>{order.paymentMethod === 'account' ? 'Charge to account' : 'Card'}</dd>
          {order.poNumber && (
            <>
              <dt className="text-base-content/80">PO number</dt>
              <dd className="wrap-anywhere">{order.poNumber}</dd>
            </>
          )}
        </dl>
        {refusal && <p className="text-sm text-base-content/80">{refusal}</p>}
        <div className="card-actions">
          {!refusal && (
            <BusyButton
              className="btn btn-primary btn-sm"
              pending={approving}
              aria-label={`Approve ${ref}`}
              onClick={onApprove}
            >
              Approve
            </BusyButton>
          )}
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            aria-label={`Reject ${ref}`}
            onClick={onReject}
          >
            Reject
          </button>
        </div>
      </div>
    </li>
  );
}
