import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Access } from '../../src/contract/endpoint.ts';
import { endpoints, type EndpointName } from '../../src/contract/endpoints.ts';
import {
  companies,
  companyInvites,
  companyMembers,
  creditNotes,
  imports,
  jobs,
  orders,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../src/server/db/schema.ts';
import { uniqueEmail } from '../support/auth.ts';
import { CALIFORNIA } from '../support/delivery.ts';
import { GOOD_CARD, THREE_D_SECURE_CARD } from '../support/payments.ts';
import { imageForm, multipartForm, testImage } from '../support/images.ts';
import type { Method, Role, World } from './world.ts';
import { resolveAuthSecret } from '../../src/server/auth/secret.ts';
import { unsubscribeToken } from '../../src/server/modules/stock-alerts/token.ts';

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

/** A product with one uploaded image, uploaded by the admin. */
async function productWithImage(w: World) {
  const { id } = await w.product();
  const form = imageForm(await testImage('png', 40, 30), 'part.png', 'image/png');
  const res = await w.send('admin', 'POST', `/api/tools/${id}/images`, form.payload, form.headers);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return { id, imageId: res.json<{ _id: string }>()._id };
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

/** The number of an order the customer has paid (the world's order answers it, untyped). */
const paidNumber = async (w: World) =>
  ((await w.paidOrder()) as unknown as { number: number }).number;

const email = (world: World) => encodeURIComponent(world.customer.email);

const newProduct = {
  name: 'Spoke key',
  price: 6.5,
  stock: 40,
  img: '/images/products/spoke-key.svg',
};

/** A fresh address of the customer's, through the API. */
async function customerAddress(world: World) {
  const res = await world.send('customer', 'POST', '/api/addresses', CALIFORNIA);
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

/** A card the customer kept when paying an order (a fresh one each time). */
async function customerSavedCard(w: World) {
  // Made for each probe of a route: many payments by one account, which its limits would stop.
  await w.forgetRateLimits();
  const { _id } = await w.order();
  const intent = await w.send('customer', 'POST', '/api/create-payment-intent', { orderId: _id });
  const confirmed = await w.send('customer', 'POST', '/api/payments/test/confirm', {
    clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
    ...GOOD_CARD,
    keepCard: true,
  });
  const transactionId = confirmed.json<{ paymentIntentId: string }>().paymentIntentId;
  await w.send('customer', 'PATCH', `/api/order/${_id}`, { transactionId, keepCard: true });
  const cards = await w.send('customer', 'GET', '/api/me/cards');
  const newest = cards.json<{ data: { _id: string }[] }>().data[0];
  if (!newest) throw new Error(`no kept card: ${confirmed.body}`);
  return newest._id;
}

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
  if (cancelled) {
    await w.db.insert(creditNotes).values({
      number: `CN-T-${n}`,
      orderId: _id,
      kind: 'cancelled',
      reason: 'Matrix',
      subtotalCents: 100,
      shippingCents: 0,
      tax: [],
      taxTotalCents: 0,
      totalCents: 100,
      refund: 'card',
      createdBy: 'matrix',
    });
  }
  return { id: _id, creditNote: `CN-T-${n}` };
}

/** A paid order of the customer's, shipped in full by the admin: parts that can go back. */
async function shippedOrder(w: World) {
  const { _id, productId } = (await w.paidOrder()) as unknown as { _id: string; productId: string };
  const res = await w.send('admin', 'POST', `/api/orders/${_id}/shipments`, {
    lines: [{ productId, quantity: 10 }],
    carrier: 'DHL',
    trackingNumber: 'JD0002',
  });
  if (res.statusCode !== 201) throw new Error(`shipment failed: ${res.statusCode} ${res.body}`);
  return { orderId: _id, productId };
}

/** A return the customer asked for, approved by the admin when `approved`. */
async function customerReturn(w: World, { approved = false } = {}) {
  const { orderId, productId } = await shippedOrder(w);
  const res = await w.send('customer', 'POST', `/api/orders/${orderId}/returns`, {
    lines: [{ productId, quantity: 2, reason: 'damaged' }],
  });
  if (res.statusCode !== 201) throw new Error(`return failed: ${res.statusCode} ${res.body}`);
  const { _id } = res.json<{ _id: string }>();
  if (approved) {
    const ok = await w.send('admin', 'POST', `/api/returns/${_id}/approve`, {
      instructions: 'Send them to ECParts, Keizersgracht 1, Amsterdam',
    });
    if (ok.statusCode !== 200) throw new Error(`approve failed: ${ok.statusCode} ${ok.body}`);
  }
  return { returnId: _id, productId };
}

/** A company nobody belongs to, made in the database (its prices are a shop admin's). */
async function aCompany(w: World) {
  const [company] = await w.db
    .insert(companies)
    .values({ name: `Matrix Cycles ${randomUUID().slice(0, 8)}` })
    .returning({ id: companies.id });
  if (!company) throw new Error('company failed');
  return company.id;
}

/**
 * The company the customer owns (made in the database on first use; a row that left the
 * customer a buyer somewhere, as accepting an invite does, is undone first).
 */
async function customersCompany(w: World) {
  const [member] = await w.db
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.userId, w.customer.id));
  if (member?.role === 'owner') return member.companyId;
  const mine = eq(companyMembers.userId, w.customer.id);
  if (member) await w.db.delete(companyMembers).where(mine);
  const companyId = await aCompany(w);
  // Some suites prepare every row at once: of two made together, the first one stays.
  await w.db
    .insert(companyMembers)
    .values({ userId: w.customer.id, companyId, role: 'owner' })
    .onConflictDoNothing();
  const [now] = await w.db.select().from(companyMembers).where(mine);
  return now?.companyId ?? companyId;
}

/** The customer's company, on net-30 terms with room on its credit. */
async function companyOnTerms(w: World) {
  const companyId = await customersCompany(w);
  await w.db
    .update(companies)
    .set({ netDays: 30, creditLimitCents: 100_000_000 })
    .where(eq(companies.id, companyId));
  return companyId;
}

/** An unpaid order the customer placed for their company on terms: one to charge to it. */
async function companyOrder(w: World) {
  const companyId = await companyOnTerms(w);
  const { _id } = await w.order();
  await w.db.update(orders).set({ companyId }).where(eq(orders.id, _id));
  return _id;
}

/**
 * An order of the customer's company waiting for approval, placed by one of its buyers (placed
 * by the customer, then handed to the buyer in the database: only the status matters here).
 */
async function awaitingOrder(w: World) {
  const companyId = await customersCompany(w);
  const buyer = await w.bystander();
  await w.db.insert(companyMembers).values({ userId: buyer.id, companyId, role: 'buyer' });
  const { _id } = await w.order();
  await w.db
    .update(orders)
    .set({ status: 'awaiting_approval', companyId, userId: buyer.id, email: buyer.email })
    .where(eq(orders.id, _id));
  return _id;
}

/** A quote of the customer's, asked from their cart and, unless told, answered by the shop. */
async function customerQuote(w: World, { answered = true } = {}) {
  const { id } = await w.product();
  await w.send('customer', 'PUT', `/api/cart/lines/${id}`, { quantity: 10 });
  const asked = await w.send('customer', 'POST', '/api/quotes', { note: 'Matrix' });
  if (asked.statusCode !== 201) throw new Error(`quote failed: ${asked.statusCode} ${asked.body}`);
  const quoteId = asked.json<{ _id: string }>()._id;
  if (!answered) return quoteId;
  const res = await w.send('admin', 'PUT', `/api/quotes/${quoteId}`, quoteAnswer(id));
  if (res.statusCode !== 200) throw new Error(`answer failed: ${res.statusCode} ${res.body}`);
  return quoteId;
}

const quoteAnswer = (productId: string) => ({
  lines: [{ productId, quantity: 10, unitPrice: 9.5 }],
  expiresAt: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
  note: 'Matrix price',
});

/**
 * The cast of the companies' rows: the customer owns a company, the other customer and the
 * admin belong to none (a row may have made them owners of one).
 */
async function companyCast(w: World) {
  const others = [w.otherCustomer.id, w.admin.id];
  await w.db.delete(companyMembers).where(inArray(companyMembers.userId, others));
  return customersCompany(w);
}

/** A new buyer in the customer's company: their account id. */
async function customersBuyer(w: World) {
  const companyId = await companyCast(w);
  const buyer = await w.bystander();
  await w.db.insert(companyMembers).values({ userId: buyer.id, companyId, role: 'buyer' });
  return buyer.id;
}

/** An invite (written in the database, with the token whose hash it keeps): the token and id. */
async function anInvite(w: World, companyId: string, email = uniqueEmail('invitee')) {
  const token = randomUUID();
  const [row] = await w.db
    .insert(companyInvites)
    .values({
      companyId,
      email,
      role: 'buyer',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      invitedBy: w.customer.id,
      expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
    })
    .returning({ id: companyInvites.id });
  return { token, id: row!.id };
}

/** A name for a brand, category, attribute key or synonym term that no other row has. */
const fresh = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

const newAttribute = () => ({
  key: fresh('speeds'),
  label: 'Speeds',
  type: 'enum',
  values: ['11'],
});
/**
 * A job of a real kind (a retry hands it to that kind's queue, which must exist) on an import
 * that does not: run again, it changes nothing and fails.
 */
async function aJob(w: World, status: 'done' | 'failed') {
  const [row] = await w.db
    .insert(jobs)
    .values({
      kind: 'apply-import',
      input: { importId: randomUUID() },
      status,
      startedBy: w.admin.id,
    })
    .returning({ id: jobs.id });
  return row!;
}

/** A webhook endpoint (a public address by number: no DNS is asked). */
async function aWebhook(w: World) {
  const [row] = await w.db
    .insert(webhookEndpoints)
    .values({
      url: 'https://93.184.215.14:9/hook',
      events: ['order.paid'],
      secret: 'whsec_c2VjcmV0',
    })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

/** A failed delivery of an event to a webhook endpoint: what a redeliver acts on. */
async function aWebhookDelivery(w: World) {
  const endpointId = await aWebhook(w);
  const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
  await w.db.insert(webhookEvents).values({ id: eventId, type: 'order.paid', data: {} });
  const [row] = await w.db
    .insert(webhookDeliveries)
    .values({
      eventId,
      endpointId,
      status: 'failed',
      attempts: 7,
      queuedTry: 7,
      nextAttemptAt: null,
    })
    .returning({ id: webhookDeliveries.id });
  return { endpointId, deliveryId: row!.id };
}

/** A valid stock import with nothing to change: its apply is a job that writes nothing. */
async function anImport(w: World) {
  const [row] = await w.db
    .insert(imports)
    .values({
      kind: 'stock',
      createdBy: w.admin.id,
      createdByEmail: 'admin@example.com',
      preview: {
        status: 'valid',
        rows: 0,
        creates: 0,
        updates: 0,
        unchanged: 0,
        errors: [],
        errorCount: 0,
        newCategories: [],
        newBrands: [],
      },
    })
    .returning({ id: imports.id });
  return row!.id;
}

/** A private list of the customer's holding one part, made through the API. */
async function customerList(w: World) {
  const res = await w.send('customer', 'POST', '/api/lists', { name: 'Matrix list' });
  if (res.statusCode !== 201) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  const listId = res.json<{ _id: string }>()._id;
  const { id } = await w.product();
  const line = await w.send('customer', 'PUT', `/api/lists/${listId}/lines/${id}`, {
    quantity: 10,
  });
  if (line.statusCode !== 200) throw new Error(`list line failed: ${line.statusCode} ${line.body}`);
  return { listId, productId: id };
}

/** One valid request per endpoint, as its rightful caller would send it. */
const requests: Record<EndpointName, Prepare> = {
  createCompany: async (w) => {
    // Each caller makes their first company.
    const cast = [w.customer.id, w.otherCustomer.id, w.admin.id];
    await w.db.delete(companyMembers).where(inArray(companyMembers.userId, cast));
    return { url: '/api/companies', payload: { name: 'Matrix Works' } };
  },
  getMyCompany: async (w) => {
    await companyCast(w);
    return { url: '/api/companies/me' };
  },
  findMyCompany: async (w) => {
    await companyCast(w);
    return { url: '/api/me/company' };
  },
  updateMyCompany: async (w) => {
    await companyCast(w);
    return { url: '/api/companies/me', payload: { name: 'Matrix Works' } };
  },
  listCompanyMembers: async (w) => {
    await companyCast(w);
    return { url: '/api/companies/me/members' };
  },
  updateCompanyMember: async (w) => ({
    url: `/api/companies/me/members/${await customersBuyer(w)}`,
    payload: { spendingLimit: 100 },
  }),
  removeCompanyMember: async (w) => ({
    url: `/api/companies/me/members/${await customersBuyer(w)}`,
  }),
  // The customer hands their company to a new buyer (a later row makes them an owner again).
  // The buyer's account is written, not signed up: four more sign-ups would pass the
  // per-address limit the suite's other rows stay under.
  makeCompanyOwner: async (w) => {
    const companyId = await companyCast(w);
    const id = randomUUID();
    await w.db.insert(users).values({ id, name: 'Nina New-Owner', email: uniqueEmail('owner') });
    await w.db.insert(companyMembers).values({ userId: id, companyId, role: 'buyer' });
    return { url: '/api/companies/me/owner', payload: { userId: id } };
  },
  inviteCompanyMember: async (w) => {
    await companyCast(w);
    return {
      url: '/api/companies/me/invites',
      payload: { email: uniqueEmail('invitee'), role: 'buyer' },
    };
  },
  listCompanyInvites: async (w) => {
    await companyCast(w);
    return { url: '/api/companies/me/invites' };
  },
  revokeCompanyInvite: async (w) => ({
    url: `/api/companies/me/invites/${(await anInvite(w, await companyCast(w))).id}`,
  }),
  getCompanyInvite: async (w) => ({
    url: `/api/company-invites/${(await anInvite(w, await aCompany(w), w.customer.email)).token}`,
  }),
  acceptCompanyInvite: async (w) => {
    // The customer joins another company: first they leave their own (rows after this one
    // give them a company of their own again).
    await companyCast(w);
    await w.db.delete(companyMembers).where(eq(companyMembers.userId, w.customer.id));
    const { token } = await anInvite(w, await aCompany(w), w.customer.email.toLowerCase());
    return { url: `/api/company-invites/${token}/accept` };
  },
  listCompanies: async () => ({ url: '/api/companies?q=Matrix&page=1&limit=5' }),
  getCompany: async (w) => ({ url: `/api/companies/${await aCompany(w)}` }),
  updateCompanyTerms: async (w) => ({
    url: `/api/companies/${await aCompany(w)}`,
    payload: { terms: { netDays: 30 }, creditLimit: 2500 },
  }),
  companyLedger: async (w) => ({ url: `/api/companies/${await companyOnTerms(w)}/ledger` }),
  recordCompanyPayment: async (w) => ({
    url: `/api/companies/${await aCompany(w)}/payments`,
    // A reference is recorded once per company; a payment on a company that owes nothing is a
    // large one, confirmed.
    payload: {
      amount: 120.5,
      reference: `Bank transfer ${randomUUID().slice(0, 8)}`,
      confirmLarge: true,
    },
  }),
  adjustCompanyBalance: async (w) => ({
    url: `/api/companies/${await aCompany(w)}/adjustments`,
    payload: { amount: -5, note: 'Rounding' },
  }),
  chargeOrderToAccount: async (w) => ({
    url: `/api/orders/${await companyOrder(w)}/charge-to-account`,
    payload: { poNumber: 'PO-77' },
  }),
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
  listToolImages: async (w) => ({ url: `/api/tools/${(await w.product()).id}/images` }),
  addToolImage: async (w) => {
    const form = imageForm(await testImage('png', 40, 30), 'part.png', 'image/png');
    return { url: `/api/tools/${(await w.product()).id}/images`, ...form };
  },
  removeToolImage: async (w) => {
    const { id, imageId } = await productWithImage(w);
    return { url: `/api/tools/${id}/images/${imageId}` };
  },
  orderToolImages: async (w) => {
    const { id, imageId } = await productWithImage(w);
    return { url: `/api/tools/${id}/images/order`, payload: { imageIds: [imageId] } };
  },
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
  shipManyOrders: async (w) => ({
    url: '/api/orders/ship-many',
    payload: { orders: [{ number: await paidNumber(w), trackingNumber: 'JD0002' }] },
  }),
  pickList: async (w) => ({ url: `/api/orders/pick-list?order=${await paidNumber(w)}` }),
  packingSlips: async (w) => ({
    url: `/api/orders/packing-slips?order=${await paidNumber(w)}`,
  }),
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
  orderInvoice: async (w) => ({ url: `/api/orders/${(await orderWithDocuments(w)).id}/invoice` }),
  orderCreditNote: async (w) => ({
    url: `/api/orders/${(await orderWithDocuments(w, { cancelled: true })).id}/credit-note`,
  }),
  orderCreditNoteByNumber: async (w) => {
    const { id, creditNote } = await orderWithDocuments(w, { cancelled: true });
    return { url: `/api/orders/${id}/credit-notes/${creditNote}` };
  },
  auditTrail: async () => ({ url: '/api/audit' }),
  adminOverview: async () => ({ url: '/api/admin/overview' }),
  startImport: async (w) => ({
    url: '/api/imports',
    ...multipartForm({ kind: 'stock' }, [
      {
        field: 'file',
        filename: 'stock.csv',
        type: 'text/csv',
        bytes: Buffer.from(`sku,stock\n${(await w.product()).sku},7\n`),
      },
    ]),
  }),
  getJob: async (w) => ({ url: `/api/jobs/${(await aJob(w, 'done')).id}` }),
  retryJob: async (w) => ({ url: `/api/jobs/${(await aJob(w, 'failed')).id}/retry` }),
  getImport: async (w) => ({ url: `/api/imports/${await anImport(w)}` }),
  createWebhook: async () => ({
    url: '/api/webhooks',
    payload: { url: 'https://93.184.215.14/hook', events: ['order.paid'] },
  }),
  listWebhooks: async () => ({ url: '/api/webhooks' }),
  updateWebhook: async (w) => ({
    url: `/api/webhooks/${await aWebhook(w)}`,
    payload: { description: 'ERP' },
  }),
  deleteWebhook: async (w) => ({ url: `/api/webhooks/${await aWebhook(w)}` }),
  listWebhookDeliveries: async (w) => ({ url: `/api/webhooks/${await aWebhook(w)}/deliveries` }),
  redeliverWebhook: async (w) => {
    const { endpointId, deliveryId } = await aWebhookDelivery(w);
    return { url: `/api/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver` };
  },
  testWebhook: async (w) => ({ url: `/api/webhooks/${await aWebhook(w)}/test` }),
  applyImport: async (w) => ({ url: `/api/imports/${await anImport(w)}/apply` }),
  exportCsv: async () => ({ url: '/api/exports/orders.csv' }),
  createApiKey: async () => ({
    url: '/api/api-keys',
    payload: { name: fresh('erp'), scopes: ['catalog:read'] },
  }),
  listApiKeys: async () => ({ url: '/api/api-keys' }),
  revokeApiKey: async (w) => ({
    url: `/api/api-keys/${await adminMade(w, '/api/api-keys', { name: fresh('erp'), scopes: ['orders:read'] })}`,
  }),
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
  addCartLines: async (w) => ({
    url: '/api/cart/lines',
    payload: { lines: [{ productId: (await w.product()).id, add: 10 }] },
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
  cartDelivery: async (w) => {
    await fillEveryCart(w);
    const { shippingAddressId, shippingMethodId } = await w.shipTo();
    return {
      url: `/api/cart/delivery?shippingAddressId=${shippingAddressId}&shippingMethodId=${shippingMethodId}`,
    };
  },
  orderDelivery: async (w) => {
    const { _id } = await w.order();
    const { shippingAddressId, shippingMethodId } = await w.shipTo();
    return {
      url: `/api/orders/${_id}/delivery?shippingAddressId=${shippingAddressId}&shippingMethodId=${shippingMethodId}`,
    };
  },
  // The old names answer as the new ones do, for one release.
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
  authenticateTestCard: async (w) => {
    const { _id } = await w.order();
    const intent = await w.send('customer', 'POST', '/api/create-payment-intent', {
      orderId: _id,
    });
    const clientSecret = intent.json<{ clientSecret: string }>().clientSecret;
    // A card whose bank asks for 3-D Secure: the payment waits for this page.
    await w.send('customer', 'POST', '/api/payments/test/confirm', {
      clientSecret,
      ...THREE_D_SECURE_CARD,
    });
    return {
      url: '/api/payments/test/authenticate',
      payload: { clientSecret, outcome: 'complete' },
    };
  },
  listSavedCards: async () => ({ url: '/api/me/cards' }),
  removeSavedCard: async (w) => ({ url: `/api/me/cards/${await customerSavedCard(w)}` }),
  payWithSavedCard: async (w) => ({
    url: '/api/payments/saved-card',
    payload: { orderId: (await w.order())._id, cardId: await customerSavedCard(w) },
  }),
  paymentWebhook: async () => ({
    url: '/api/payments/webhook',
    payload: { id: 'evt_forged', type: 'payment_intent.succeeded' },
  }),
  listAddresses: async () => ({ url: '/api/addresses' }),
  addAddress: async () => ({ url: '/api/addresses', payload: CALIFORNIA }),
  updateAddress: async (w) => ({
    url: `/api/addresses/${await customerAddress(w)}`,
    payload: { ...CALIFORNIA, label: 'Workshop' },
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
    // Not the shop's own VAT ID (shopDetails'), which is refused.
    payload: { companyName: 'Spokes BV', vatId: 'BE0412345614' },
  }),
  getUserTax: async (w) => ({ url: `/api/users/${w.customer.id}/tax` }),
  setTaxExempt: async (w) => ({
    url: `/api/users/${w.customer.id}/tax-exempt`,
    payload: { exempt: true, certificate: 'CA-RESALE-1' },
  }),
  // The customer has a VAT ID for an admin to verify.
  setVatVerified: async (w) => {
    const tax = { companyName: 'Velo SARL', vatId: 'FR40303265045' };
    const res = await w.send('customer', 'PUT', '/api/users/me/tax', tax);
    if (res.statusCode !== 200) throw new Error(`tax details: ${res.statusCode} ${res.body}`);
    return { url: `/api/users/${w.customer.id}/vat-verified`, payload: { verified: true } };
  },
  listSavedLists: async () => ({ url: '/api/lists' }),
  createSavedList: async () => ({ url: '/api/lists', payload: { name: fresh('Weekly') } }),
  getSavedList: async (w) => ({ url: `/api/lists/${(await customerList(w)).listId}` }),
  editSavedList: async (w) => ({
    url: `/api/lists/${(await customerList(w)).listId}`,
    payload: { name: fresh('Weekly') },
  }),
  deleteSavedList: async (w) => ({ url: `/api/lists/${(await customerList(w)).listId}` }),
  setSavedListLine: async (w) => {
    const { listId, productId } = await customerList(w);
    return { url: `/api/lists/${listId}/lines/${productId}`, payload: { quantity: 20 } };
  },
  removeSavedListLine: async (w) => {
    const { listId, productId } = await customerList(w);
    return { url: `/api/lists/${listId}/lines/${productId}` };
  },
  addSavedListLines: async (w) => {
    const { listId, productId } = await customerList(w);
    return { url: `/api/lists/${listId}/lines`, payload: { lines: [{ productId, quantity: 20 }] } };
  },
  importSavedList: async (w) => ({
    url: `/api/lists/${(await customerList(w)).listId}/import`,
    payload: { text: 'NO-SUCH-SKU 10' },
  }),
  exportSavedList: async (w) => ({ url: `/api/lists/${(await customerList(w)).listId}/csv` }),
  savedListToCart: async (w) => ({ url: `/api/lists/${(await customerList(w)).listId}/to-cart` }),
  createStockAlert: async (w) => ({
    url: `/api/tools/${(await w.product({ stock: 0 })).id}/stock-alerts`,
  }),
  deleteStockAlert: async (w) => ({
    url: `/api/tools/${(await w.product({ stock: 0 })).id}/stock-alerts`,
  }),
  listStockAlerts: async () => ({ url: '/api/me/stock-alerts' }),
  // The link of the customer's back-in-stock mail, signed with the shop's secret: anyone holding it may.
  unsubscribeStockAlerts: async (w) => ({
    url: `/api/stock-alerts/unsubscribe?token=${unsubscribeToken(resolveAuthSecret(w.config).secret, w.customer.id)}`,
  }),
  listQuotes: async () => ({ url: '/api/quotes?status=all' }),
  requestQuote: async (w) => {
    await fillEveryCart(w);
    return { url: '/api/quotes', payload: { note: 'Matrix' } };
  },
  getQuote: async (w) => ({ url: `/api/quotes/${await customerQuote(w)}` }),
  answerQuote: async (w) => ({
    url: `/api/quotes/${await customerQuote(w, { answered: false })}`,
    payload: quoteAnswer((await w.product()).id),
  }),
  acceptQuote: async (w) => ({ url: `/api/quotes/${await customerQuote(w)}/accept` }),
  declineQuote: async (w) => ({ url: `/api/quotes/${await customerQuote(w)}/decline` }),
  getCompanyPrices: async (w) => ({ url: `/api/companies/${await aCompany(w)}/prices` }),
  setCompanyPrices: async (w) => ({
    url: `/api/companies/${await aCompany(w)}/prices`,
    payload: { discountPercent: 10, products: [] },
  }),
  getCompanyPriceTable: async (w) => ({
    url: `/api/companies/${await aCompany(w)}/price-table?q=wrench&page=1&limit=50`,
  }),
  setCompanyProductPrice: async (w) => ({
    url: `/api/companies/${await aCompany(w)}/prices/${(await w.product()).id}`,
    payload: { tiers: [{ minQuantity: 10, price: 4.5 }], tiersWas: null },
  }),
  approveOrder: async (w) => ({ url: `/api/orders/${await awaitingOrder(w)}/approve` }),
  rejectOrder: async (w) => ({
    url: `/api/orders/${await awaitingOrder(w)}/reject`,
    payload: { reason: 'Matrix' },
  }),
  listApprovals: async (w) => {
    await customersCompany(w);
    return { url: '/api/companies/me/approvals' };
  },
  listCategories: async () => ({ url: '/api/categories' }),
  addCategory: async () => ({ url: '/api/categories', payload: { name: fresh('Chains') } }),
  editCategory: async (w) => ({
    url: `/api/categories/${await adminMade(w, '/api/categories', { name: fresh('Chains') })}`,
    payload: { name: fresh('Chains') },
  }),
  deleteCategory: async (w) => ({
    url: `/api/categories/${await adminMade(w, '/api/categories', { name: fresh('Chains') })}`,
  }),
  listBrands: async () => ({ url: '/api/brands' }),
  addBrand: async () => ({ url: '/api/brands', payload: { name: fresh('Shimano') } }),
  editBrand: async (w) => ({
    url: `/api/brands/${await adminMade(w, '/api/brands', { name: fresh('Shimano') })}`,
    payload: { name: fresh('Shimano') },
  }),
  deleteBrand: async (w) => ({
    url: `/api/brands/${await adminMade(w, '/api/brands', { name: fresh('Shimano') })}`,
  }),
  listAttributes: async () => ({ url: '/api/attributes' }),
  addAttribute: async () => ({ url: '/api/attributes', payload: newAttribute() }),
  editAttribute: async (w) => ({
    url: `/api/attributes/${await adminMade(w, '/api/attributes', newAttribute())}`,
    payload: { label: 'Gears', values: ['11', '12'] },
  }),
  listFamilies: async () => ({ url: '/api/families' }),
  addFamily: async (w) => {
    const axis = newAttribute();
    await adminMade(w, '/api/attributes', axis);
    return { url: '/api/families', payload: { name: 'Chain lengths', axes: [axis.key] } };
  },
  editFamily: async (w) => {
    const axis = newAttribute();
    await adminMade(w, '/api/attributes', axis);
    const id = await adminMade(w, '/api/families', { name: 'Chains', axes: [axis.key] });
    return { url: `/api/families/${id}`, payload: { name: 'Chain lengths' } };
  },
  deleteFamily: async (w) => {
    const axis = newAttribute();
    await adminMade(w, '/api/attributes', axis);
    const id = await adminMade(w, '/api/families', { name: 'Chains', axes: [axis.key] });
    return { url: `/api/families/${id}` };
  },
  requestReturn: async (w) => {
    const { orderId, productId } = await shippedOrder(w);
    return {
      url: `/api/orders/${orderId}/returns`,
      payload: { lines: [{ productId, quantity: 1, reason: 'wrong_part' }], note: 'Matrix' },
    };
  },
  listReturns: async () => ({ url: '/api/returns?status=requested' }),
  getReturn: async (w) => ({ url: `/api/returns/${(await customerReturn(w)).returnId}` }),
  approveReturn: async (w) => ({
    url: `/api/returns/${(await customerReturn(w)).returnId}/approve`,
    payload: { instructions: 'Send them to our warehouse' },
  }),
  rejectReturn: async (w) => ({
    url: `/api/returns/${(await customerReturn(w)).returnId}/reject`,
    payload: { reason: 'Used parts' },
  }),
  receiveReturn: async (w) => {
    const { returnId, productId } = await customerReturn(w, { approved: true });
    return {
      url: `/api/returns/${returnId}/receive`,
      payload: { lines: [{ productId, quantity: 2, condition: 'restock' }] },
    };
  },
  listSearchSynonyms: async () => ({ url: '/api/search-synonyms' }),
  addSearchSynonym: async () => ({
    url: '/api/search-synonyms',
    payload: { term: fresh('tire'), means: 'tyre' },
  }),
  deleteSearchSynonym: async (w) => ({
    url: `/api/search-synonyms/${await adminMade(w, '/api/search-synonyms', { term: fresh('tire'), means: 'tyre' })}`,
  }),
};

/**
 * Calls on the caller's own objects by id: any other account (an admin too) does not have
 * that id, and hears 404 rather than learn it exists.
 */
const ownOnly: readonly EndpointName[] = [
  'updateAddress',
  'deleteAddress',
  // A kept card is its buyer's: nobody else, an admin neither, learns it exists.
  'removeSavedCard',
  // Priced for one of the customer's addresses: another account names an id it does not have.
  'cartDelivery',
  'cartQuote',
  'checkout',
  // A private list is its maker's: nobody else, an admin neither, learns it exists.
  'getSavedList',
  'editSavedList',
  'deleteSavedList',
  'setSavedListLine',
  'removeSavedListLine',
  'addSavedListLines',
  'importSavedList',
  'exportSavedList',
  'savedListToCart',
];

/**
 * A quote is its buyer's (their company's) and the shop's: another customer hears 404, and the
 * shop, which sees and declines it, does not accept it for the buyer.
 */
const quoteCells: Partial<Record<EndpointName, Partial<Record<Role, number>>>> = {
  getQuote: { otherCustomer: 404 },
  acceptQuote: { otherCustomer: 404, admin: 403 },
  declineQuote: { otherCustomer: 404 },
};

/**
 * The /companies/me calls act on the caller's own company: the other customer and the admin
 * belong to none (404). An invite is accepted only by the account it names (403).
 */
const noCompany = { otherCustomer: 404, admin: 404 };
const companyCells: Partial<Record<EndpointName, Partial<Record<Role, number>>>> = {
  getMyCompany: noCompany,
  updateMyCompany: noCompany,
  listCompanyMembers: noCompany,
  updateCompanyMember: noCompany,
  removeCompanyMember: noCompany,
  makeCompanyOwner: noCompany,
  inviteCompanyMember: noCompany,
  listCompanyInvites: noCompany,
  revokeCompanyInvite: noCompany,
  acceptCompanyInvite: { otherCustomer: 403, admin: 403 },
};

/** A company's statement is its owner's and admins', and the shop's: others hear 403. */
const creditCells: Partial<Record<EndpointName, Partial<Record<Role, number>>>> = {
  companyLedger: { otherCustomer: 403 },
  // The buyer may cancel only pieces on backorder: a paid order as a whole is the shop's.
  cancelOrder: { customer: 403 },
};

/** A return is its order's buyer's (and company's) and the shop's: another customer hears 404. */
const returnCells: Partial<Record<EndpointName, Partial<Record<Role, number>>>> = {
  getReturn: { otherCustomer: 404 },
};

/** Only a company's owner or admins see its approvals: the others are in no company. */
const approvalCells: Partial<Record<EndpointName, Partial<Record<Role, number>>>> = {
  listApprovals: { otherCustomer: 403, admin: 403 },
};

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
      ...quoteCells[name],
      ...approvalCells[name],
      ...creditCells[name],
      ...returnCells[name],
      ...companyCells[name],
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
