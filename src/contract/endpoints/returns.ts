import { idParams } from '../common.ts';
import { endpoint, MINUTE } from '../endpoint.ts';
import {
  approveReturnInput,
  receiveReturnInput,
  rejectReturnInput,
  returnList,
  returnRequest,
  returnRequestInput,
  returnsQuery,
} from '../returns.ts';

/**
 * The returns (RMA) part of the endpoint table (src/contract/endpoints.ts composes every part).
 * A return is its order's: the buyer and the members of the order's company see it, anyone
 * else hears 404; admins see and decide every one.
 */
export const returnsEndpoints = {
  requestReturn: endpoint({
    method: 'POST',
    path: '/api/orders/:id/returns',
    access: 'owner',
    owns: { order: 'params.id' },
    tag: 'returns',
    summary:
      'Ask to return shipped parts of an order (its buyer or a member of its company): quantities up to what shipped less what is returned or asked for already; after RETURN_DAYS from the shipment only under warranty. Numbered RMA-YYYY-NNNNNN',
    params: idParams,
    body: returnRequestInput,
    status: 201,
    response: returnRequest,
    // Each request reaches the shop's inbox: as often as orders may be placed, on its own count.
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
  listReturns: endpoint({
    method: 'GET',
    path: '/api/returns',
    access: 'user',
    scopes: ['orders:read'],
    tag: 'returns',
    summary:
      "The caller's returns and their company's (every return for an admin), newest first; filter by status or order",
    query: returnsQuery,
    response: returnList,
  }),
  getReturn: endpoint({
    method: 'GET',
    path: '/api/returns/:id',
    access: 'user',
    scopes: ['orders:read'],
    tag: 'returns',
    summary: 'One return with its lines and steps (its buyer, their company or an admin)',
    params: idParams,
    response: returnRequest,
  }),
  approveReturn: endpoint({
    method: 'POST',
    path: '/api/returns/:id/approve',
    access: 'admin',
    scopes: ['orders:write'],
    tag: 'returns',
    summary:
      'Approve a requested return; the buyer is mailed its RMA number and these instructions (where to send the parts)',
    params: idParams,
    body: approveReturnInput,
    response: returnRequest,
    // 409: not requested (approved, rejected or received already).
    refusals: [409],
  }),
  rejectReturn: endpoint({
    method: 'POST',
    path: '/api/returns/:id/reject',
    access: 'admin',
    scopes: ['orders:write'],
    tag: 'returns',
    summary: 'Reject a requested return, saying why; the buyer is mailed',
    params: idParams,
    body: rejectReturnInput,
    response: returnRequest,
    refusals: [409],
  }),
  receiveReturn: endpoint({
    method: 'POST',
    path: '/api/returns/:id/receive',
    access: 'admin',
    scopes: ['orders:write'],
    tag: 'returns',
    summary:
      'Record the parts of an approved return as they arrived: restocked (a `returned` stock movement) or scrapped. What arrived is refunded with a numbered credit note: to the card, or credited to the company on account',
    params: idParams,
    body: receiveReturnInput,
    response: returnRequest,
    // 409: not approved (received already, by another admin too).
    refusals: [409],
  }),
} as const;
