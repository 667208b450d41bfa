import { reorderResult } from '../cart.ts';
import { fileBytes, idParams } from '../common.ts';
import { endpoint, MINUTE } from '../endpoint.ts';
import {
  cancelInput,
  creditNoteParams,
  orderShippingInput,
  shipment,
  shipmentInput,
  shipRestInput,
} from '../order-delivery.ts';
import { deliveryEstimate, deliveryEstimateQuery } from '../order-totals.ts';
import {
  allOrdersList,
  allOrdersQuery,
  bulkShipInput,
  bulkShipResult,
  pickedOrders,
  order,
  orderDeleted,
  orderInput,
  orderList,
  ordersQuery,
} from '../orders.ts';

/** The orders part of the endpoint table (src/contract/endpoints.ts composes every part). */
// Said "quote" before trade quotes came: the old path answers the same for one release.
const orderDeliveryEntry = {
  method: 'GET',
  path: '/api/orders/:id/delivery',
  access: 'owner',
  owns: { order: 'params.id' },
  tag: 'orders',
  summary:
    "An unpaid order's own lines priced for delivery, as setOrderShipping would price them: the methods offered for the ship-to address (the one named, else the default) with their prices, the chosen method's price (else the cheapest), tax and totals",
  params: idParams,
  query: deliveryEstimateQuery,
  response: deliveryEstimate,
  // 400: the method is not offered for the address; 404: not the caller's address; 409: paid.
  refusals: [404, 409],
} as const;

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
    summary:
      "The caller's own orders and, for a company's member, the company's (each names who placed it), newest first (session or Bearer accessToken)",
    query: ordersQuery,
    response: orderList,
  }),
  getOrder: endpoint({
    method: 'GET',
    path: '/api/order/:id',
    access: 'ownerOrAdmin',
    scopes: ['orders:read'],
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
  setOrderShipping: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/shipping',
    access: 'owner',
    owns: { order: 'params.id' },
    tag: 'orders',
    summary:
      'Set or change where an unpaid order goes and how, and price it again (shipping, tax, totals); a payment started before is cancelled, since its amount no longer fits',
    params: idParams,
    body: orderShippingInput,
    response: order,
    // 400: the method is not offered for the address; 404: not the caller's address; 409: paid.
    refusals: [404, 409],
  }),
  orderDelivery: endpoint(orderDeliveryEntry),
  orderQuote: endpoint({
    ...orderDeliveryEntry,
    path: '/api/orders/:id/quote',
    summary: 'The old name of GET /api/orders/:id/delivery, kept for one release (deprecated)',
    deprecated: '/api/orders/:id/delivery',
  }),
  allOrders: endpoint({
    method: 'GET',
    path: '/api/allorders',
    access: 'admin',
    scopes: ['orders:read'],
    tag: 'orders',
    summary:
      "Every order, newest first (the orders desk): filter by status (also to_ship, ready_to_ship, backordered), day range, company and payment; search by order number (#100234), SKU, PO number or the customer's email or name",
    query: allOrdersQuery,
    response: allOrdersList,
  }),
  shipOrder: endpoint({
    method: 'PATCH',
    path: '/api/orders/:id/ship',
    access: 'admin',
    scopes: ['orders:write'],
    tag: 'orders',
    summary:
      "Ship everything left of a paid order in one parcel (carrier and tracking optional: the shop's own delivery); a shipped order answers as it is. Backordered pieces wait for stock: 409 when nothing is in yet, or while an order set to ship together still waits for some",
    params: idParams,
    body: shipRestInput,
    response: order,
    refusals: [409],
  }),
  shipManyOrders: endpoint({
    method: 'POST',
    path: '/api/orders/ship-many',
    access: 'admin',
    scopes: ['orders:write'],
    tag: 'orders',
    summary:
      "The desk's Ship all: each order ships everything left that is allocated, as PATCH /orders/{id}/ship would, with its own tracking number or none; one result per order (shipped, or why not), so one refusal stops none of the others",
    body: bulkShipInput,
    response: bulkShipResult,
  }),
  pickList: endpoint({
    method: 'GET',
    path: '/api/orders/pick-list',
    access: 'admin',
    scopes: ['orders:read'],
    tag: 'orders',
    summary:
      'One pick list (PDF) for these orders: the allocated pieces not shipped yet, summed per part, in bin order (then by SKU), each naming which orders take how many; 404 names an unknown order number',
    query: pickedOrders,
    response: fileBytes,
    produces: 'application/pdf',
    // 404: an order number that does not exist (named).
    refusals: [404],
  }),
  packingSlips: endpoint({
    method: 'GET',
    path: '/api/orders/packing-slips',
    access: 'admin',
    scopes: ['orders:read'],
    tag: 'orders',
    summary:
      'A packing slip (PDF) per order, one page each: ship-to address, order and PO number, the lines with their quantities (no prices) and what stays on backorder',
    query: pickedOrders,
    response: fileBytes,
    produces: 'application/pdf',
    // 404: an order number that does not exist (named).
    refusals: [404],
  }),
  addShipment: endpoint({
    method: 'POST',
    path: '/api/orders/:id/shipments',
    access: 'admin',
    scopes: ['orders:write'],
    tag: 'orders',
    summary:
      'Ship some or all of what is left of a paid order (its reserved pieces, not those on backorder), with the carrier and tracking; the buyer is mailed them. 409 while an order set to ship together waits for backordered pieces',
    params: idParams,
    body: shipmentInput,
    status: 201,
    response: shipment,
    // 409: not paid, or shipped or cancelled already.
    refusals: [409],
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: '/api/orders/:id/cancel',
    access: 'ownerOrAdmin',
    owns: { order: 'params.id' },
    scopes: ['orders:write'],
    tag: 'orders',
    summary:
      'Cancel a paid order that has shipped nothing (admin), or with `lines` the pieces that have not shipped (an admin any; the buyer those on backorder): the stock goes back, a credit note is issued and the card refunded or the account credited. Of an unpaid order, `lines` makes its lines smaller (the buyer or an admin): priced again at the smaller quantity, shipping and tax with them, the stock back, no credit note',
    params: idParams,
    body: cancelInput,
    response: order,
    // 400: more than is left to cancel (it says how many can be), or a quantity the part is not
    // sold in; 409: not paid (or unpaid with a payment under way), or cancelled.
    refusals: [400, 403, 409],
  }),
  orderInvoice: endpoint({
    method: 'GET',
    path: '/api/orders/:id/invoice',
    access: 'ownerOrAdmin',
    owns: { order: 'params.id' },
    tag: 'orders',
    summary: "The order's invoice as a PDF (its owner or an admin); 404 until it is paid",
    params: idParams,
    response: fileBytes,
    produces: 'application/pdf',
  }),
  orderCreditNote: endpoint({
    method: 'GET',
    path: '/api/orders/:id/credit-note',
    access: 'ownerOrAdmin',
    owns: { order: 'params.id' },
    tag: 'orders',
    summary: "The cancelled order's credit note as a PDF (its owner or an admin); 404 before",
    params: idParams,
    response: fileBytes,
    produces: 'application/pdf',
  }),
  orderCreditNoteByNumber: endpoint({
    method: 'GET',
    path: '/api/orders/:id/credit-notes/:number',
    access: 'ownerOrAdmin',
    owns: { order: 'params.id' },
    tag: 'orders',
    summary: "One of the order's credit notes as a PDF, by its number (its owner or an admin)",
    params: creditNoteParams,
    response: fileBytes,
    produces: 'application/pdf',
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
