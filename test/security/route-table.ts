import { GOOD_CARD, type Method, type Role, type World } from './world.ts';

/**
 * Who may call what: DESIGN.md's API table, one row per method and route as the server
 * registers it, with the status each caller gets. The object a row acts on belongs to
 * `customer`; `otherCustomer` is any other signed-in customer. A route the server registers
 * without a row here (or an exemption below) fails the authorisation matrix.
 */
export type RouteRow = {
  method: Method;
  /** The route exactly as Fastify registers it. */
  route: string;
  /** Who may, in DESIGN.md's words. */
  who: string;
  status: Record<Role, number>;
  /** One concrete, valid request; called once per cell, so writes act on fresh objects. */
  prepare: (world: World) => Promise<{ url: string; payload?: unknown }>;
  /** Registered only with this payment provider (the built-in test one by default). */
  provider?: 'test' | 'stripe';
};

const anyone = (status: number) => ({
  anon: status,
  customer: status,
  otherCustomer: status,
  admin: status,
});
const adminOnly = (status: number) => ({
  anon: 401,
  customer: 403,
  otherCustomer: 403,
  admin: status,
});
const anyUser = (status: number) => ({
  anon: 401,
  customer: status,
  otherCustomer: status,
  admin: status,
});
const ownerOnly = (status: number) => ({
  anon: 401,
  customer: status,
  otherCustomer: 403,
  admin: 403,
});
const ownerOrAdmin = (status: number) => ({
  anon: 401,
  customer: status,
  otherCustomer: 403,
  admin: status,
});

const email = (world: World) => encodeURIComponent(world.customer.email);

const newProduct = {
  name: 'Spoke key',
  price: 6.5,
  stock: 40,
  img: '/images/products/spoke-key.svg',
};

export const routeTable: RouteRow[] = [
  // Public reads.
  {
    method: 'GET',
    route: '/api/health',
    who: 'anyone (ours: liveness)',
    status: anyone(200),
    prepare: async () => ({ url: '/api/health' }),
  },
  {
    method: 'GET',
    route: '/api/site-config',
    who: 'anyone (ours: which sign-in providers)',
    status: anyone(200),
    prepare: async () => ({ url: '/api/site-config' }),
  },
  {
    method: 'GET',
    route: '/api/tools',
    who: 'anyone',
    status: anyone(200),
    prepare: async () => ({ url: '/api/tools?q=chain&page=1&limit=5' }),
  },
  {
    method: 'GET',
    route: '/api/tools/:id',
    who: 'anyone',
    status: anyone(200),
    prepare: async (w) => ({ url: `/api/tools/${(await w.product()).id}` }),
  },
  {
    method: 'GET',
    route: '/api/blogs',
    who: 'anyone',
    status: anyone(200),
    prepare: async () => ({ url: '/api/blogs' }),
  },
  {
    method: 'GET',
    route: '/api/blogs/:id',
    who: 'anyone',
    status: anyone(200),
    prepare: async (w) => ({ url: `/api/blogs/${(await w.blog()).id}` }),
  },
  {
    method: 'GET',
    route: '/api/reviews',
    who: 'anyone',
    status: anyone(200),
    prepare: async () => ({ url: '/api/reviews?limit=3' }),
  },
  {
    method: 'POST',
    route: '/api/contact',
    who: 'anyone, rate limited',
    status: anyone(201),
    prepare: async () => ({
      url: '/api/contact',
      payload: { name: 'Pat', email: 'pat@example.com', message: 'Do you ship abroad?' },
    }),
  },

  // The catalogue: admins write.
  {
    method: 'POST',
    route: '/api/tools',
    who: 'admin',
    status: adminOnly(201),
    prepare: async () => ({ url: '/api/tools', payload: newProduct }),
  },
  {
    method: 'PATCH',
    route: '/api/tools/:id',
    who: 'admin',
    status: adminOnly(200),
    prepare: async (w) => ({ url: `/api/tools/${(await w.product()).id}`, payload: { stock: 55 } }),
  },
  {
    method: 'DELETE',
    route: '/api/tool/:id',
    who: 'admin',
    status: adminOnly(200),
    prepare: async (w) => ({ url: `/api/tool/${(await w.product()).id}` }),
  },

  // Reviews: any signed-in user; name and photo come from the session.
  {
    method: 'POST',
    route: '/api/review',
    who: 'user',
    status: anyUser(201),
    prepare: async () => ({ url: '/api/review', payload: { desc: 'Solid tools.', rating: 5 } }),
  },

  // Accounts.
  {
    method: 'POST',
    route: '/api/login',
    who: 'user, for their own session',
    status: ownerOnly(200),
    prepare: async (w) => ({ url: '/api/login', payload: { email: w.customer.email } }),
  },
  {
    method: 'PUT',
    route: '/api/users/:email',
    who: 'that user',
    status: ownerOnly(200),
    prepare: async (w) => ({
      url: `/api/users/${email(w)}`,
      payload: { email: w.customer.email, name: 'Casey Customer' },
    }),
  },
  {
    method: 'GET',
    route: '/api/user/admin/:email',
    who: 'that user or admin',
    status: ownerOrAdmin(200),
    prepare: async (w) => ({ url: `/api/user/admin/${email(w)}` }),
  },
  {
    method: 'PUT',
    route: '/api/user/admin/:email',
    who: 'admin',
    status: adminOnly(200),
    prepare: async (w) => ({
      url: `/api/user/admin/${encodeURIComponent((await w.bystander()).email)}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/users',
    who: 'admin',
    status: adminOnly(200),
    prepare: async () => ({ url: '/api/users?q=casey' }),
  },
  {
    method: 'GET',
    route: '/api/users/:id',
    who: 'admin',
    status: adminOnly(200),
    prepare: async (w) => ({ url: `/api/users/${w.customer.id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/users/:id',
    who: 'admin',
    status: adminOnly(200),
    prepare: async (w) => ({ url: `/api/users/${(await w.bystander()).id}` }),
  },

  // Orders.
  {
    method: 'POST',
    route: '/api/orders',
    who: 'user, for own email',
    status: ownerOnly(201),
    prepare: async (w) => ({
      url: '/api/orders',
      payload: { productId: (await w.product()).id, quantity: 10, email: w.customer.email },
    }),
  },
  {
    method: 'GET',
    route: '/api/orders',
    who: 'that user (session or accessToken)',
    status: ownerOnly(200),
    prepare: async (w) => ({ url: `/api/orders?email=${email(w)}` }),
  },
  {
    method: 'GET',
    route: '/api/order/:id',
    who: 'owner or admin',
    status: ownerOrAdmin(200),
    prepare: async (w) => ({ url: `/api/order/${(await w.order())._id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/orders/:id',
    who: 'owner or admin, unpaid only',
    status: ownerOrAdmin(200),
    prepare: async (w) => ({ url: `/api/orders/${(await w.order())._id}` }),
  },
  {
    method: 'GET',
    route: '/api/allorders',
    who: 'admin',
    status: adminOnly(200),
    prepare: async () => ({ url: '/api/allorders?status=unpaid' }),
  },
  {
    method: 'PATCH',
    route: '/api/orders/:id/ship',
    who: 'admin (ours: shipping)',
    status: adminOnly(200),
    prepare: async (w) => ({ url: `/api/orders/${(await w.paidOrder())._id}/ship` }),
  },
  {
    method: 'GET',
    route: '/api/audit',
    who: 'admin (ours: audit trail)',
    status: adminOnly(200),
    prepare: async () => ({ url: '/api/audit' }),
  },

  // Payments.
  {
    method: 'POST',
    route: '/api/create-payment-intent',
    who: 'owner of the order',
    status: ownerOnly(200),
    prepare: async (w) => ({
      url: '/api/create-payment-intent',
      payload: { orderId: (await w.order())._id },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/order/:id',
    who: 'owner, verified with the provider',
    status: ownerOnly(200),
    prepare: async (w) => {
      const { _id } = await w.order();
      return { url: `/api/order/${_id}`, payload: { transactionId: await w.chargedPayment(_id) } };
    },
  },
  {
    method: 'POST',
    route: '/api/payments/test/confirm',
    who: 'user holding the client secret (ours: the built-in test processor)',
    status: anyUser(200),
    provider: 'test',
    prepare: async (w) => {
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
  },
  {
    method: 'POST',
    route: '/api/payments/webhook',
    who: 'the provider: an unsigned call is refused whoever sends it',
    status: anyone(400),
    provider: 'stripe',
    prepare: async () => ({
      url: '/api/payments/webhook',
      payload: { id: 'evt_forged', type: 'payment_intent.succeeded' },
    }),
  },
];

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
