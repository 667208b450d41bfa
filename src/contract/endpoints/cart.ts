import {
  cart,
  cartLineAddInput,
  cartLineInput,
  cartLineParams,
  cartLinesInput,
  cartLinesResult,
  quickAddInput,
  quickAddResult,
} from '../cart.ts';
import { endpoint, MINUTE } from '../endpoint.ts';
import { checkoutInput } from '../order-delivery.ts';
import { deliveryEstimate, deliveryEstimateQuery } from '../order-totals.ts';
import { checkoutHeaders, order } from '../orders.ts';

// Said "quote" before trade quotes came: the old path answers the same for one release.
const cartDeliveryEntry = {
  method: 'GET',
  path: '/api/cart/delivery',
  access: 'user',
  tag: 'cart',
  summary:
    "The caller's cart priced today for delivery: the methods offered for the ship-to address (the one named, else the default), the chosen method's price (else the cheapest), tax and totals",
  query: deliveryEstimateQuery,
  response: deliveryEstimate,
  // 400: the method is not offered for the address; 404: not the caller's address.
  refusals: [404],
} as const;

/** The cart part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const cartEndpoints = {
  // The cart: the signed-in customer's own, kept on the server.
  getCart: endpoint({
    method: 'GET',
    path: '/api/cart',
    access: 'user',
    tag: 'cart',
    summary: "The caller's cart, priced at today's ladders",
    response: cart,
  }),
  setCartLine: endpoint({
    method: 'PUT',
    path: '/api/cart/lines/:productId',
    access: 'user',
    tag: 'cart',
    summary:
      'Set the quantity of one part in the cart (at least its minimum, a multiple of its pack)',
    params: cartLineParams,
    body: cartLineInput,
    response: cart,
    refusals: [409],
  }),
  addToCartLine: endpoint({
    method: 'PATCH',
    path: '/api/cart/lines/:productId',
    access: 'user',
    tag: 'cart',
    summary:
      'Add pieces on top of what the cart holds of one part, in one step that concurrent adds cannot undo. The line that results must be at least the minimum and whole packs (400 names what to add instead; nothing is raised for you) and no more than is in stock (409); a new line in a full cart is a 409',
    params: cartLineParams,
    body: cartLineAddInput,
    response: cart,
    refusals: [409],
  }),
  addCartLines: endpoint({
    method: 'POST',
    path: '/api/cart/lines',
    access: 'user',
    tag: 'cart',
    summary:
      'Add several parts on top of the cart at once (a size grid): each line goes in, is raised to the minimum or to whole packs, or fails on its own (unknown part, out of stock, more than in stock, a full cart), as a quick order line does; a result per line',
    body: cartLinesInput,
    response: cartLinesResult,
  }),
  removeCartLine: endpoint({
    method: 'DELETE',
    path: '/api/cart/lines/:productId',
    access: 'user',
    tag: 'cart',
    summary: 'Take one part out of the cart',
    params: cartLineParams,
    response: cart,
  }),
  emptyCart: endpoint({
    method: 'DELETE',
    path: '/api/cart',
    access: 'user',
    tag: 'cart',
    summary: 'Empty the cart',
    response: cart,
  }),
  quickAdd: endpoint({
    method: 'POST',
    path: '/api/cart/quick-add',
    access: 'user',
    tag: 'cart',
    summary:
      'Add pasted lines of "SKU quantity" (spaces, tabs, commas or semicolons) on top of the cart, or replace the cart with them (`mode`); a result per line, and which happened',
    body: quickAddInput,
    response: quickAddResult,
    rateLimit: { max: 60, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
  cartDelivery: endpoint(cartDeliveryEntry),
  cartQuote: endpoint({
    ...cartDeliveryEntry,
    path: '/api/cart/quote',
    summary: 'The old name of GET /api/cart/delivery, kept for one release (deprecated)',
    deprecated: '/api/cart/delivery',
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/api/checkout',
    access: 'user',
    tag: 'cart',
    summary:
      'Turn the cart into one order shipped to one of your addresses by a method offered for it, reserving every line or none and pricing shipping and tax in the same step; the same Idempotency-Key answers with the same order. Without a ship-to address the answer is 400 "Choose where to ship"',
    headers: checkoutHeaders,
    // Both ids may be missing from the request: the answer then says which to choose.
    body: checkoutInput.partial({ shippingAddressId: true, shippingMethodId: true }).optional(),
    status: 201,
    response: order,
    // 404: not one of the caller's addresses.
    refusals: [404, 409],
    // One allowance with placeOrder: both reserve stock.
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user', bucket: 'orders' },
  }),
} as const;
