import { reorderResult } from '../cart.ts';
import { idParams } from '../common.ts';
import { endpoint, MINUTE } from '../endpoint.ts';
import {
  allOrdersList,
  allOrdersQuery,
  order,
  orderDeleted,
  orderInput,
  orderList,
  ordersQuery,
} from '../orders.ts';

/** The orders part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const ordersEndpoints = {
  // Orders.
  placeOrder: endpoint({
    method: 'POST',
    path: '/api/orders',
    access: 'owner',
    owns: { account: 'body.email', refusal: 'You can only place orders for your own account.' },
    tag: 'orders',
    summary: 'Place a bulk order; the server sets name, price and total and reserves stock',
    body: orderInput,
    status: 201,
    response: order,
    // 404: no such product.
    refusals: [404, 409],
    // The hold caps bound what one account holds; this bounds how often it can place, delete
    // and place again. One allowance with checkout: both reserve stock.
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user', bucket: 'orders' },
  }),
  myOrders: endpoint({
    method: 'GET',
    path: '/api/orders',
    access: 'owner',
    owns: { account: 'query.email' },
    tag: 'orders',
    summary: "The caller's own orders, newest first (session or Bearer accessToken)",
    query: ordersQuery,
    response: orderList,
  }),
  getOrder: endpoint({
    method: 'GET',
    path: '/api/order/:id',
    access: 'ownerOrAdmin',
    owns: { order: 'params.id' },
    tag: 'orders',
    summary: 'One order (its owner or an admin)',
    params: idParams,
    response: order,
  }),
  deleteOrder: endpoint({
    method: 'DELETE',
    path: '/api/orders/:id',
    access: 'ownerOrAdmin',
    owns: { order: 'params.id' },
    tag: 'orders',
    summary: 'Delete an unpaid order (its owner or an admin); its stock goes back',
    params: idParams,
    response: orderDeleted,
    refusals: [409],
  }),
  allOrders: endpoint({
    method: 'GET',
    path: '/api/allorders',
    access: 'admin',
    tag: 'orders',
    summary:
      "Every order, newest first; filter by status, search by order number (#100234) or the customer's email or name",
    query: allOrdersQuery,
    response: allOrdersList,
  }),
  shipOrder: endpoint({
    method: 'PATCH',
    path: '/api/orders/:id/ship',
    access: 'admin',
    tag: 'orders',
    summary: 'Mark a paid order shipped; a shipped order cannot be deleted',
    params: idParams,
    response: order,
    refusals: [409],
  }),
  reorder: endpoint({
    method: 'POST',
    path: '/api/orders/:id/reorder',
    access: 'owner',
    owns: { order: 'params.id' },
    tag: 'orders',
    summary: "Put an order's lines back into the cart at today's prices; says what could not go in",
    params: idParams,
    response: reorderResult,
  }),
} as const;
