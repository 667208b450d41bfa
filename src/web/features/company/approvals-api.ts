import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../contract/orders.ts';
import { call, type Call } from '../../lib/api-client.ts';
import { useListWrite } from '../../lib/paged-query.ts';
import { orderKeys } from '../orders/api.ts';
import { companyKeys } from './company-api.ts';

// Orders over a buyer's spending limit, waiting for the company's owner or an admin:
// GET /companies/me/approvals, POST /orders/{id}/approve and /reject, and charging an
// approved order to the account (POST /orders/{id}/charge-to-account).

export const approvalKeys = { all: [...companyKeys.all, 'approvals'] as const };

export const approvalsQuery = (via: Call = call) =>
  queryOptions({
    queryKey: approvalKeys.all,
    queryFn: ({ signal }) => via('GET /api/companies/me/approvals', { signal }),
    // Buyers place these behind the approver's back: opening the page asks for the latest.
    staleTime: 0,
  });

export const useApprovals = (enabled = true) => useQuery({ ...approvalsQuery(), enabled });

/** The order, the approvals, the company's credit (a charge uses it) and the lists. */
const touched = () => [orderKeys.all, companyKeys.all] as const;

export const useApproveOrder = () =>
  useListWrite(
    // The total the approver saw goes with it: one re-priced since is refused, to look again.
    (order: Pick<Order, '_id' | 'grandTotal'>) =>
      call('POST /api/orders/:id/approve', {
        params: { id: order._id },
        body: { grandTotal: order.grandTotal },
      }),
    touched,
  );

export const useRejectOrder = () =>
  useListWrite(
    ({ order, reason }: { order: Pick<Order, '_id'>; reason?: string }) =>
      call('POST /api/orders/:id/reject', { params: { id: order._id }, body: { reason } }),
    touched,
  );

export const useChargeToAccount = () =>
  useListWrite(
    ({ order, poNumber }: { order: Pick<Order, '_id'>; poNumber?: string }) =>
      call('POST /api/orders/:id/charge-to-account', {
        params: { id: order._id },
        body: { poNumber },
      }),
    touched,
  );
