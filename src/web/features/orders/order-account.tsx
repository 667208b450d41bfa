import { useState } from 'react';
import { formatDollars } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { FactGrid } from '../../components/fact-grid.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { dayText, orderRef } from '../../lib/order-text.ts';
import { useApproveOrder, useRejectOrder } from '../company/approvals-api.ts';
import { canManage, useMyCompany } from '../company/company-api.ts';
import { RejectOrderModal } from '../../components/reject-order-modal.tsx';

/**
 * A company order's trade details: who placed it, how it is paid, its PO number, when its
 * invoice is due and who approved it. Nothing for an order of one person paying by card.
 */
export function AccountFacts({ order }: { order: Order }) {
  const rows: [string, string][] = [];
  if (order.companyId) rows.push(['Placed by', `${order.placedBy.name} (${order.placedBy.email})`]);
  if (order.paymentMethod === 'account') {
    rows.push(['Payment', order.paid ? 'Charged to account' : 'Charge to account']);
  }
  if (order.poNumber) rows.push(['PO number', order.poNumber]);
  if (order.dueAt) rows.push(['Due', dayText(order.dueAt)]);
  if (order.approvedBy && order.approvedAt) {
    rows.push(['Approved by', `${order.approvedBy.name}, ${dayText(order.approvedAt)}`]);
  }
  if (rows.length === 0) return null;
  return (
    <FactGrid
      facts={rows}
      label="Account details"
      className="gap-x-4 gap-y-1 rounded-box border border-base-300 bg-base-100 p-4"
    />
  );
}

/** Approve or Reject, for the owner or an admin of the company of an order waiting for them. */
export function ApprovalActions({ order }: { order: Order }) {
  const company = useMyCompany(order.status === 'awaiting_approval' && order.companyId !== null);
  const approve = useApproveOrder();
  const reject = useRejectOrder();
  const [rejecting, setRejecting] = useState(false);
  if (order.status !== 'awaiting_approval') return null;
  if (!canManage(company.data) || company.data?._id !== order.companyId) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-box border border-warning bg-base-100 p-4">
      <p className="min-w-0 flex-1">
        {order.placedBy.name}'s order of {formatDollars(order.grandTotal)} is over their spending
        limit and waits for your approval.
      </p>
      <BusyButton
        className="btn btn-primary btn-sm"
        pending={approve.isPending}
        onClick={() =>
          approve.mutate(order, {
            onSuccess: (approved) =>
              notify(
                'success',
                approved.paid
                  ? `${orderRef(order)} is approved and charged to the account.`
                  : `${orderRef(order)} is approved.`,
              ),
            onError: (error) => notify('error', errorMessage(error)),
          })
        }
      >
        Approve
      </BusyButton>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        onClick={() => setRejecting(true)}
      >
        Reject
      </button>
      <RejectOrderModal
        order={rejecting ? order : null}
        reject={reject}
        onClose={() => setRejecting(false)}
      />
    </div>
  );
}
