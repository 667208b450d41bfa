import { auditList, auditQuery } from './audit.ts';
import { blog, blogList } from './blogs.ts';
import {
  product,
  productDeleted,
  productInput,
  productPatch,
  toolList,
  toolListQuery,
} from './catalog.ts';
import {
  cart,
  cartLineAddInput,
  cartLineInput,
  cartLineParams,
  quickAddInput,
  quickAddResult,
  reorderResult,
} from './cart.ts';
import { idParams } from './common.ts';
import {
  contactInput,
  contactMessageList,
  contactMessagePatch,
  contactMessagesQuery,
  contactMessage,
  contactReceipt,
} from './contact.ts';
import { endpoint } from './endpoint.ts';
import { health, readiness } from './health.ts';
import {
  allOrdersList,
  allOrdersQuery,
  checkoutHeaders,
  order,
  orderDeleted,
  orderInput,
  orderList,
  ordersQuery,
} from './orders.ts';
import {
  paymentIntentInput,
  paymentIntentResult,
  recordPaymentInput,
  testCardInput,
  testCardResult,
  webhookAck,
} from './payments.ts';
import {
  productReviews,
  productReviewsQuery,
  review,
  reviewDeleted,
  reviewInput,
  reviewList,
  reviewListQuery,
} from './reviews.ts';
import { siteConfig } from './site-config.ts';
import {
  stockMovementInput,
  stockMovementList,
  stockMovementResult,
  stockMovementsQuery,
} from './stock.ts';
import {
  adminStatus,
  emailParams,
  loginInput,
  loginResult,
  userDeleted,
  userList,
  userListQuery,
  userRecord,
  userUpsertInput,
} from './users.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every call of the API, declared once: the server registers its routes and guards from this
 * table, the OpenAPI document describes it, the web client's calls are typed by it and the
 * security suite's authorisation matrix walks it. Better Auth's own /api/auth/* is the one
 * route outside it. See docs/decisions/0008-one-endpoint-table.md.
 */
export const endpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'anyone',
    tag: 'health',
    summary: 'Liveness and database reachability (503 while the database does not answer)',
    response: health,
    refusals: [503],
  }),
  healthReady: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    access: 'anyone',
    tag: 'health',
    summary:
      'Readiness for a load balancer: 503 with Retry-After while migrations run or the database does not answer',
    response: readiness,
    refusals: [503],
  }),
  siteConfig: endpoint({
    method: 'GET',
    path: '/api/site-config',
    access: 'anyone',
    tag: 'site',
    summary: 'What this server has configured (social sign-in providers, payments)',
    response: siteConfig,
  }),

  // The catalogue: anyone reads, admins write.
  listTools: endpoint({
    method: 'GET',
    path: '/api/tools',
    access: 'anyone',
    tag: 'catalog',
    summary: 'List products, searchable by name, paged',
    query: toolListQuery,
    response: toolList,
  }),
  getTool: endpoint({
    method: 'GET',
    path: '/api/tools/:id',
    access: 'anyone',
    tag: 'catalog',
    summary: 'One product',
    params: idParams,
    response: product,
  }),
  addTool: endpoint({
    method: 'POST',
    path: '/api/tools',
    access: 'admin',
    tag: 'catalog',
    summary: 'Add a product (a SKU is made up when none is given; 409 when it is taken)',
    body: productInput,
    status: 201,
    response: product,
  }),
  editTool: endpoint({
    method: 'PATCH',
    path: '/api/tools/:id',
    access: 'admin',
    tag: 'catalog',
    summary:
      'Edit a product: name, SKU, price, stock (a count: with stockWas, 409 when it changed since), description, image, minimum, pack size and price ladder (409 when the SKU is taken)',
    params: idParams,
    body: productPatch,
    response: product,
    refusals: [409],
  }),
  deleteTool: endpoint({
    method: 'DELETE',
    path: '/api/tool/:id',
    access: 'admin',
    tag: 'catalog',
    summary:
      'Delete a product; its orders keep their name and price. 409 naming the unpaid orders that still hold it',
    params: idParams,
    response: productDeleted,
    refusals: [409],
  }),

  // The stock ledger: every change of a product's stock, and an admin's own adjustments.
  stockMovements: endpoint({
    method: 'GET',
    path: '/api/tools/:id/stock-movements',
    access: 'admin',
    tag: 'catalog',
    summary: "A product's stock movements, newest first",
    params: idParams,
    query: stockMovementsQuery,
    response: stockMovementList,
  }),
  moveStock: endpoint({
    method: 'POST',
    path: '/api/tools/:id/stock-movements',
    access: 'admin',
    tag: 'catalog',
    summary:
      'Receive, count, write off or correct stock by a delta (409 when it would go below zero)',
    params: idParams,
    body: stockMovementInput,
    status: 201,
    response: stockMovementResult,
    refusals: [409],
  }),

  // The blog.
  listBlogs: endpoint({
    method: 'GET',
    path: '/api/blogs',
    access: 'anyone',
    tag: 'blogs',
    summary: 'All blog posts, newest first',
    response: blogList,
  }),
  getBlog: endpoint({
    method: 'GET',
    path: '/api/blogs/:id',
    access: 'anyone',
    tag: 'blogs',
    summary: 'One blog post',
    params: idParams,
    response: blog,
  }),

  // Reviews: anyone reads, signed-in users write, admins moderate.
  listReviews: endpoint({
    method: 'GET',
    path: '/api/reviews',
    access: 'anyone',
    tag: 'reviews',
    summary: 'Newest customer reviews',
    query: reviewListQuery,
    response: reviewList,
  }),
  productReviews: endpoint({
    method: 'GET',
    path: '/api/tools/:id/reviews',
    access: 'anyone',
    tag: 'reviews',
    summary: "One product's newest reviews, with how many it has and their average rating",
    params: idParams,
    query: productReviewsQuery,
    response: productReviews,
  }),
  addReview: endpoint({
    method: 'POST',
    path: '/api/review',
    access: 'user',
    tag: 'reviews',
    summary: 'Review the shop, or one product; name and photo come from the session',
    body: reviewInput,
    status: 201,
    response: review,
    rateLimit: { max: 10, windowSeconds: HOUR, per: 'user' },
  }),
  deleteReview: endpoint({
    method: 'DELETE',
    path: '/api/reviews/:id',
    access: 'admin',
    tag: 'reviews',
    summary: 'Remove a review (moderation; written to the audit trail)',
    params: idParams,
    response: reviewDeleted,
  }),

  contact: endpoint({
    method: 'POST',
    path: '/api/contact',
    access: 'anyone',
    tag: 'contact',
    summary: 'Send a message to the shop (Contact Us form)',
    body: contactInput,
    status: 201,
    response: contactReceipt,
    rateLimit: { max: 5, windowSeconds: 10 * MINUTE, per: 'ip' },
  }),
  contactMessages: endpoint({
    method: 'GET',
    path: '/api/contact-messages',
    access: 'admin',
    tag: 'contact',
    summary: 'The Contact Us inbox, newest first, with how many are still open',
    query: contactMessagesQuery,
    response: contactMessageList,
  }),
  markContactMessage: endpoint({
    method: 'PATCH',
    path: '/api/contact-messages/:id',
    access: 'admin',
    tag: 'contact',
    summary: 'Mark a message done, or open again',
    params: idParams,
    body: contactMessagePatch,
    response: contactMessage,
  }),

  // Accounts.
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'owner',
    tag: 'users',
    summary: "An accessToken for the caller's own session (after any sign-in)",
    body: loginInput,
    response: loginResult,
  }),
  upsertUser: endpoint({
    method: 'PUT',
    path: '/api/users/:email',
    access: 'owner',
    tag: 'users',
    summary: "Upsert the caller's own record (name and photo)",
    params: emailParams,
    body: userUpsertInput,
    response: userRecord,
  }),
  adminStatus: endpoint({
    method: 'GET',
    path: '/api/user/admin/:email',
    access: 'ownerOrAdmin',
    tag: 'users',
    summary: 'Whether a user is an admin (that user, or an admin, may ask)',
    params: emailParams,
    response: adminStatus,
  }),
  makeAdmin: endpoint({
    method: 'PUT',
    path: '/api/user/admin/:email',
    access: 'admin',
    tag: 'users',
    summary: 'Make a user an admin',
    params: emailParams,
    response: userRecord,
  }),
  listUsers: endpoint({
    method: 'GET',
    path: '/api/users',
    access: 'admin',
    tag: 'users',
    summary: 'All users, newest first, paged and searchable',
    query: userListQuery,
    response: userList,
  }),
  getUser: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    access: 'admin',
    tag: 'users',
    summary: 'One user',
    params: idParams,
    response: userRecord,
  }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: '/api/users/:id',
    access: 'admin',
    tag: 'users',
    summary: 'Delete a user and end their sessions; never yourself or the last admin',
    params: idParams,
    response: userDeleted,
    refusals: [409],
  }),

  // Orders.
  placeOrder: endpoint({
    method: 'POST',
    path: '/api/orders',
    access: 'owner',
    tag: 'orders',
    summary: 'Place a bulk order; the server sets name, price and total and reserves stock',
    body: orderInput,
    status: 201,
    response: order,
    refusals: [409],
    // The hold caps bound what one account holds; this bounds how often it can place, delete
    // and place again. One allowance with checkout: both reserve stock.
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user', bucket: 'orders' },
  }),
  myOrders: endpoint({
    method: 'GET',
    path: '/api/orders',
    access: 'owner',
    tag: 'orders',
    summary: "The caller's own orders, newest first (session or Bearer accessToken)",
    query: ordersQuery,
    response: orderList,
  }),
  getOrder: endpoint({
    method: 'GET',
    path: '/api/order/:id',
    access: 'ownerOrAdmin',
    tag: 'orders',
    summary: 'One order (its owner or an admin)',
    params: idParams,
    response: order,
  }),
  deleteOrder: endpoint({
    method: 'DELETE',
    path: '/api/orders/:id',
    access: 'ownerOrAdmin',
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
    tag: 'orders',
    summary: "Put an order's lines back into the cart at today's prices; says what could not go in",
    params: idParams,
    response: reorderResult,
  }),

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
  checkout: endpoint({
    method: 'POST',
    path: '/api/checkout',
    access: 'user',
    tag: 'cart',
    summary:
      'Turn the cart into one order, reserving every line or none; the same Idempotency-Key answers with the same order',
    headers: checkoutHeaders,
    status: 201,
    response: order,
    refusals: [409],
    // One allowance with placeOrder: both reserve stock.
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user', bucket: 'orders' },
  }),

  auditTrail: endpoint({
    method: 'GET',
    path: '/api/audit',
    access: 'admin',
    tag: 'audit',
    summary: 'The audit trail of admin writes, newest first',
    query: auditQuery,
    response: auditList,
  }),

  // Payments.
  createPaymentIntent: endpoint({
    method: 'POST',
    path: '/api/create-payment-intent',
    access: 'owner',
    tag: 'payments',
    summary: 'Start paying an order; the amount comes from the order',
    body: paymentIntentInput,
    response: paymentIntentResult,
    refusals: [402, 409],
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
  recordPayment: endpoint({
    method: 'PATCH',
    path: '/api/order/:id',
    access: 'owner',
    tag: 'payments',
    summary: 'Record a payment, verified with the provider; repeating it changes nothing',
    params: idParams,
    body: recordPaymentInput,
    response: order,
    refusals: [402, 409],
    rateLimit: { max: 60, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
  confirmTestCard: endpoint({
    method: 'POST',
    path: '/api/payments/test/confirm',
    access: 'user',
    tag: 'payments',
    summary: 'The built-in test processor: pay with one of Stripe’s test cards',
    body: testCardInput,
    response: testCardResult,
    refusals: [402, 409],
    rateLimit: { max: 30, windowSeconds: MINUTE, per: 'user' },
    provider: 'test',
  }),
  paymentWebhook: endpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'provider',
    tag: 'payments',
    summary: 'Stripe webhook: payment_intent.succeeded marks the order paid',
    response: webhookAck,
    provider: 'stripe',
    rawBody: true,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The endpoints by "METHOD /api/path": how the web client names the call it makes. */
type ByRoute = {
  [K in EndpointName as `${Endpoints[K]['method']} ${Endpoints[K]['path']}`]: Endpoints[K];
};

export type Route = keyof ByRoute;
export type EndpointOf<R extends Route> = ByRoute[R];
