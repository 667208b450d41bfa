import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Access } from '../../src/contract/endpoint.ts';
import { endpoints, type EndpointName } from '../../src/contract/endpoints.ts';
import { orders } from '../../src/server/db/schema.ts';
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

const newAddress = {
  name: 'Casey Customer',
  line1: '1 Market St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};

/** A fresh address of the customer's, through the API. */
async function customerAddress(world: World) {
  const res = await world.send('customer', 'POST', '/api/addresses', newAddress);
  if (res.statusCode !== 201) throw new Error(`address failed: ${res.statusCode} ${res.body}`);
  return res.json<{ _id: string }>()._id;
}

const newMethod = {
  name: 'Courier',
  countries: ['*'],
  rate: { kind: 'flat', price: 12.5 },
  deliveryDays: { min: 1, max: 3 },
};

/** An admin-made shipping method or tax rate, through the API. */
async function adminMade(world: World, url: string, payload: unknown) {
  const res = await world.send('admin', 'POST', url, payload);
  if (res.statusCode !== 201) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ _id: string }>()._id;
}

/** A rate for a place nobody else uses: (country, region) is unique. */
const newRate = () => ({
  country: 'DE',
  region: `R${randomUUID().slice(0, 8)}`,
  rate: 7,
  name: 'MwSt',
});

const shopDetails = {
  legalName: 'ECParts B.V.',
  address: {
    name: 'ECParts B.V.',
    line1: 'Keizersgracht 1',
    city: 'Amsterdam',
    postalCode: '1015 CJ',
    country: 'NL',
  },
  vatId: 'NL004495445B01',
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
};

/** A paid order with its invoice, or a cancelled one with its credit note too. */
async function orderWithDocuments(w: World, { cancelled = false } = {}) {
  const { _id } = await w.paidOrder();
  const n = randomUUID().slice(0, 8);
  const cancel = { status: 'cancelled' as const, cancelledAt: new Date(), cancelReason: 'Matrix' };
  await w.db
    .update(orders)
    .set({
      invoiceNumber: `INV-T-${n}`,
      invoicedAt: new Date(),
      ...(cancelled ? { ...cancel, creditNoteNumber: `CN-T-${n}`, creditedAt: new Date() } : {}),
    })
    .where(eq(orders.id, _id));
  return _id;
}

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
  addShipment: async (w) => {
    const { _id, productId } = (await w.paidOrder()) as unknown as {
      _id: string;
      productId: string;
    };
    return {
      url: `/api/orders/${_id}/shipments`,
      payload: { lines: [{ productId, quantity: 4 }], carrier: 'DHL', trackingNumber: 'JD0001' },
    };
  },
  cancelOrder: async (w) => ({
    url: `/api/orders/${(await w.paidOrder())._id}/cancel`,
    payload: { reason: 'The customer asked' },
  }),
  orderInvoice: async (w) => ({ url: `/api/orders/${await orderWithDocuments(w)}/invoice` }),
  orderCreditNote: async (w) => ({
    url: `/api/orders/${await orderWithDocuments(w, { cancelled: true })}/credit-note`,
  }),
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
    return {
      url: '/api/checkout',
      headers: { 'idempotency-key': `matrix-${randomUUID()}` },
      payload: await w.shipTo(),
    };
  },
  cartQuote: async (w) => {
    await fillEveryCart(w);
    const { shippingAddressId, shippingMethodId } = await w.shipTo();
    return {
      url: `/api/cart/quote?shippingAddressId=${shippingAddressId}&shippingMethodId=${shippingMethodId}`,
    };
  },
  orderQuote: async (w) => {
    const { _id } = await w.order();
    const { shippingAddressId, shippingMethodId } = await w.shipTo();
    return {
      url: `/api/orders/${_id}/quote?shippingAddressId=${shippingAddressId}&shippingMethodId=${shippingMethodId}`,
    };
  },
  setOrderShipping: async (w) => ({
    url: `/api/orders/${(await w.order())._id}/shipping`,
    payload: await w.shipTo(),
  }),
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
  listAddresses: async () => ({ url: '/api/addresses' }),
  addAddress: async () => ({ url: '/api/addresses', payload: newAddress }),
  updateAddress: async (w) => ({
    url: `/api/addresses/${await customerAddress(w)}`,
    payload: { ...newAddress, label: 'Workshop' },
  }),
  deleteAddress: async (w) => ({ url: `/api/addresses/${await customerAddress(w)}` }),
  listShippingMethods: async () => ({ url: '/api/shipping-methods' }),
  addShippingMethod: async () => ({ url: '/api/shipping-methods', payload: newMethod }),
  updateShippingMethod: async (w) => ({
    url: `/api/shipping-methods/${await adminMade(w, '/api/shipping-methods', newMethod)}`,
    payload: { ...newMethod, freeOver: 250 },
  }),
  deleteShippingMethod: async (w) => ({
    url: `/api/shipping-methods/${await adminMade(w, '/api/shipping-methods', newMethod)}`,
  }),
  listTaxRates: async () => ({ url: '/api/tax-rates' }),
  addTaxRate: async () => ({ url: '/api/tax-rates', payload: newRate() }),
  updateTaxRate: async (w) => ({
    url: `/api/tax-rates/${await adminMade(w, '/api/tax-rates', newRate())}`,
    payload: newRate(),
  }),
  deleteTaxRate: async (w) => ({
    url: `/api/tax-rates/${await adminMade(w, '/api/tax-rates', newRate())}`,
  }),
  getShopSettings: async () => ({ url: '/api/settings/shop' }),
  updateShopSettings: async () => ({ url: '/api/settings/shop', payload: shopDetails }),
  getMyTax: async () => ({ url: '/api/users/me/tax' }),
  updateMyTax: async () => ({
    url: '/api/users/me/tax',
    payload: { companyName: 'Spokes B.V.', vatId: 'NL004495445B01' },
  }),
  getUserTax: async (w) => ({ url: `/api/users/${w.customer.id}/tax` }),
  setTaxExempt: async (w) => ({
    url: `/api/users/${w.customer.id}/tax-exempt`,
    payload: { exempt: true, certificate: 'CA-RESALE-1' },
  }),
};

/**
 * Calls on the caller's own objects by id: any other account (an admin too) does not have
 * that id, and hears 404 rather than learn it exists.
 */
const ownOnly: readonly EndpointName[] = [
  'updateAddress',
  'deleteAddress',
  // Priced for one of the customer's addresses: another account names an id it does not have.
  'cartQuote',
  'checkout',
];

export const routeTable: RouteRow[] = (Object.keys(endpoints) as EndpointName[]).map((name) => {
  const e = endpoints[name];
  return {
    name,
    method: e.method,
    route: e.path,
    who: e.access,
    status: {
      ...statusFor(e.access, 'status' in e ? e.status : 200),
      ...(ownOnly.includes(name) ? { otherCustomer: 404, admin: 404 } : {}),
    },
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
