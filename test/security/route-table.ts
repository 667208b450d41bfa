import { randomUUID } from 'node:crypto';
import type { Access } from '../../src/contract/endpoint.ts';
import { endpoints, type EndpointName } from '../../src/contract/endpoints.ts';
import { GOOD_CARD } from '../support/payments.ts';
import type { Method, Role, World } from './world.ts';

/**
 * Who may call what, read from the endpoint table (src/contract/endpoints.ts): one row per
 * endpoint, with the status each caller gets worked out from its declared access. The object a
 * row acts on belongs to `customer`; `otherCustomer` is any other signed-in customer. Only the
 * concrete request is written here, and the compiler asks for one per endpoint.
 */
export type RouteRow = {
  name: EndpointName;
  method: Method;
  /** The route exactly as Fastify registers it. */
  route: string;
  /** Who may, as the table declares it. */
  who: Access;
  status: Record<Role, number>;
  /** One concrete, valid request; called once per cell, so writes act on fresh objects. */
  prepare: Prepare;
  /** Registered only with this payment provider (the built-in test one by default). */
  provider?: 'test' | 'stripe';
};

type Prepare = (
  world: World,
) => Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }>;

/** Each signed-in caller's cart holds one line, so that a checkout by any of them can go. */
async function fillEveryCart(world: World) {
  const { id } = await world.product();
  for (const role of ['customer', 'otherCustomer', 'admin'] as const) {
    const res = await world.send(role, 'PUT', `/api/cart/lines/${id}`, { quantity: 10 });
    if (res.statusCode !== 200) throw new Error(`cart failed: ${res.statusCode} ${res.body}`);
  }
}

/** The status each caller gets, by the endpoint's access and success status. */
function statusFor(access: Access, ok: number): Record<Role, number> {
  switch (access) {
    case 'anyone':
      return { anon: ok, customer: ok, otherCustomer: ok, admin: ok };
    case 'user':
      return { anon: 401, customer: ok, otherCustomer: ok, admin: ok };
    case 'owner':
      return { anon: 401, customer: ok, otherCustomer: 403, admin: 403 };
    case 'ownerOrAdmin':
      return { anon: 401, customer: ok, otherCustomer: 403, admin: ok };
    case 'admin':
      return { anon: 401, customer: 403, otherCustomer: 403, admin: ok };
    case 'provider':
      // Nobody but the provider can sign a call: an unsigned one is refused whoever sends it.
      return { anon: 400, customer: 400, otherCustomer: 400, admin: 400 };
  }
}

const email = (world: World) => encodeURIComponent(world.customer.email);

const newProduct = {
  name: 'Spoke key',
  price: 6.5,
  stock: 40,
  img: '/images/products/spoke-key.svg',
};

/** One valid request per endpoint, as its rightful caller would send it. */
const requests: Record<EndpointName, Prepare> = {
  health: async () => ({ url: '/api/health' }),
  healthReady: async () => ({ url: '/api/health/ready' }),
  siteConfig: async () => ({ url: '/api/site-config' }),
  listTools: async () => ({ url: '/api/tools?q=chain&page=1&limit=5' }),
  getTool: async (w) => ({ url: `/api/tools/${(await w.product()).id}` }),
  listBlogs: async () => ({ url: '/api/blogs' }),
  getBlog: async (w) => ({ url: `/api/blogs/${(await w.blog()).id}` }),
  listReviews: async () => ({ url: '/api/reviews?limit=3' }),
  productReviews: async (w) => ({ url: `/api/tools/${(await w.product()).id}/reviews?limit=5` }),
  contact: async () => ({
    url: '/api/contact',
    payload: { name: 'Pat', email: 'pat@example.com', message: 'Do you ship abroad?' },
  }),
  addTool: async () => ({ url: '/api/tools', payload: newProduct }),
  editTool: async (w) => {
    const { id, stock } = await w.product();
    return { url: `/api/tools/${id}`, payload: { stock: 55, stockWas: stock } };
  },
  deleteTool: async (w) => ({ url: `/api/tool/${(await w.product()).id}` }),
  stockMovements: async (w) => ({
    url: `/api/tools/${(await w.product()).id}/stock-movements?page=1&limit=5`,
  }),
  moveStock: async (w) => ({
    url: `/api/tools/${(await w.product()).id}/stock-movements`,
    payload: { delta: 20, reason: 'received', note: 'Pallet from the supplier' },
  }),
  addReview: async () => ({ url: '/api/review', payload: { desc: 'Solid tools.', rating: 5 } }),
  deleteReview: async (w) => ({ url: `/api/reviews/${(await w.review())._id}` }),
  login: async (w) => ({ url: '/api/login', payload: { email: w.customer.email } }),
  upsertUser: async (w) => ({
    url: `/api/users/${email(w)}`,
    payload: { email: w.customer.email, name: 'Casey Customer' },
  }),
  adminStatus: async (w) => ({ url: `/api/user/admin/${email(w)}` }),
  makeAdmin: async (w) => ({
    url: `/api/user/admin/${encodeURIComponent((await w.bystander()).email)}`,
  }),
  listUsers: async () => ({ url: '/api/users?q=casey' }),
  getUser: async (w) => ({ url: `/api/users/${w.customer.id}` }),
  deleteUser: async (w) => ({ url: `/api/users/${(await w.bystander()).id}` }),
  placeOrder: async (w) => ({
    url: '/api/orders',
    payload: { productId: (await w.product()).id, quantity: 10, email: w.customer.email },
  }),
  myOrders: async (w) => ({ url: `/api/orders?email=${email(w)}` }),
  getOrder: async (w) => ({ url: `/api/order/${(await w.order())._id}` }),
  deleteOrder: async (w) => ({ url: `/api/orders/${(await w.order())._id}` }),
  allOrders: async () => ({ url: '/api/allorders?status=unpaid' }),
  shipOrder: async (w) => ({ url: `/api/orders/${(await w.paidOrder())._id}/ship` }),
  auditTrail: async () => ({ url: '/api/audit' }),
  contactMessages: async () => ({ url: '/api/contact-messages?status=open' }),
  markContactMessage: async (w) => ({
    url: `/api/contact-messages/${(await w.contactMessage())._id}`,
    payload: { status: 'done' },
  }),
  reorder: async (w) => ({ url: `/api/orders/${(await w.order())._id}/reorder` }),
  getCart: async () => ({ url: '/api/cart' }),
  setCartLine: async (w) => ({
    url: `/api/cart/lines/${(await w.product()).id}`,
    payload: { quantity: 20 },
  }),
  addToCartLine: async (w) => ({
    url: `/api/cart/lines/${(await w.product()).id}`,
    payload: { add: 10 },
  }),
  removeCartLine: async (w) => ({ url: `/api/cart/lines/${(await w.product()).id}` }),
  emptyCart: async () => ({ url: '/api/cart' }),
  quickAdd: async (w) => ({
    url: '/api/cart/quick-add',
    payload: { text: `${(await w.product()).sku} 10` },
  }),
  checkout: async (w) => {
    await fillEveryCart(w);
    return { url: '/api/checkout', headers: { 'idempotency-key': `matrix-${randomUUID()}` } };
  },
  createPaymentIntent: async (w) => ({
    url: '/api/create-payment-intent',
    payload: { orderId: (await w.order())._id },
  }),
  recordPayment: async (w) => {
    const { _id } = await w.order();
    return { url: `/api/order/${_id}`, payload: { transactionId: await w.chargedPayment(_id) } };
  },
  confirmTestCard: async (w) => {
    const { _id } = await w.order();
    const intent = await w.send('customer', 'POST', '/api/create-payment-intent', {
      orderId: _id,
    });
    return {
      url: '/api/payments/test/confirm',
      payload: {
        clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
        ...GOOD_CARD,
      },
    };
  },
  paymentWebhook: async () => ({
    url: '/api/payments/webhook',
    payload: { id: 'evt_forged', type: 'payment_intent.succeeded' },
  }),
};

export const routeTable: RouteRow[] = (Object.keys(endpoints) as EndpointName[]).map((name) => {
  const e = endpoints[name];
  return {
    name,
    method: e.method,
    route: e.path,
    who: e.access,
    status: statusFor(e.access, 'status' in e ? e.status : 200),
    prepare: requests[name],
    ...('provider' in e ? { provider: e.provider } : {}),
  };
});

/** Registered routes with no row, and why. */
export const exemptRoutes: { matches: (route: string) => boolean; reason: string }[] = [
  {
    matches: (route) => route === '/api/auth/*',
    reason:
      'Better Auth: its own session, Origin and callback checks (csrf, open-redirect and mass-assignment tests probe them)',
  },
  {
    matches: (route) => route === '/api/docs' || route.startsWith('/api/docs/'),
    reason: 'the OpenAPI document and its viewer: public, read-only',
  },
  {
    matches: (route) => !route.startsWith('/api'),
    reason: 'the built web app: public files and pages, GET only',
  },
];
