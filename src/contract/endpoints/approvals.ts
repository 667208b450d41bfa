import { approveInput, rejectInput } from '../approvals.ts';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { order, orderList } from '../orders.ts';

/** The approvals part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const approvalsEndpoints = {
  approveOrder: endpoint({
    method: 'POST',
    path: '/api/orders/:id/approve',
    access: 'owner',
    owns: { order: 'params.id' },
    tag: 'companies',
    summary:
      "Approve an order waiting for approval (the company's owner or an admin): its hold starts again, and one placed to be charged to the account is charged now. With `grandTotal` (what the approver saw), an order whose total changed since is refused (409). An order whose hold has ended is expired, not approved (409)",
    params: idParams,
    body: approveInput,
    response: order,
    // 403: not the company's owner or an admin, or their own order; 409: not waiting, or the
    // account cannot take the charge (the order waits on).
    refusals: [403, 409],
  }),
  rejectOrder: endpoint({
    method: 'POST',
    path: '/api/orders/:id/reject',
    access: 'owner',
    owns: { order: 'params.id' },
    tag: 'companies',
    summary:
      "Reject an order waiting for approval (the company's owner or an admin): its stock goes back and the buyer is told why",
    params: idParams,
    body: rejectInput,
    response: order,
    refusals: [403, 409],
  }),
  listApprovals: endpoint({
    method: 'GET',
    path: '/api/companies/me/approvals',
    access: 'user',
    tag: 'companies',
    summary: "The company's orders waiting for approval, oldest first (its owner or an admin)",
    response: orderList,
    // 403: not in a company, or only a buyer of it.
    refusals: [403],
  }),
} as const;
