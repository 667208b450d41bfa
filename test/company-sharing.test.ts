// Issue 23: a company's members share its orders and addresses; another company's member, and
// a member who was removed, do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, AddressList } from '../src/contract/addresses.ts';
import type { CompanyMemberList } from '../src/contract/companies.ts';
import type { Order, OrderList } from '../src/contract/orders.ts';
import { signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { US_ADDRESS, givenFreeShipping } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let productId: string;

beforeAll(async () => {
  ctx = await makeTestApp({ SIGNUP_RATE_LIMIT: '1000' });
  productId = (await insertProduct(ctx.db, { stock: 10_000 })).id;
});
afterAll(() => ctx.app.close());

async function place(as: Account) {
  const res = await inject(ctx.app, 'POST /api/orders', {
    as,
    body: { productId, quantity: 10, email: as.email },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const myOrders = async (as: Account) =>
  (
    await inject(ctx.app, 'GET /api/orders', { as, query: { email: as.email.toLowerCase() } })
  ).json<OrderList>().data;
const getOrder = (as: Account, id: string) =>
  inject(ctx.app, 'GET /api/order/:id', { as, params: { id } });
const addresses = async (as: Account) =>
  (await inject(ctx.app, 'GET /api/addresses', { as })).json<AddressList>().data;
async function addAddress(as: Account, label: string) {
  const res = await inject(ctx.app, 'POST /api/addresses', {
    as,
    body: { ...US_ADDRESS, label },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Address>();
}

async function removeFromCompany(owner: Account, member: Account) {
  const list = await inject(ctx.app, 'GET /api/companies/me/members', { as: owner });
  const { userId } = list
    .json<CompanyMemberList>()
    .data.find((m) => m.email === member.email.toLowerCase())!;
  const res = await inject(ctx.app, 'DELETE /api/companies/me/members/:userId', {
    as: owner,
    params: { userId },
  });
  expect(res.statusCode).toBe(200);
}

/** Two companies: an owner and a buyer in the first, an owner in the second. */
async function twoCompanies() {
  const { owner, company } = await givenCompany(ctx.app, 'Velo Werkstatt');
  const { account: buyer } = await givenMember(ctx.app, owner);
  const { owner: rival } = await givenCompany(ctx.app, 'Rival Rides');
  return { owner, buyer, rival, company };
}

describe("a company's orders", () => {
  it('are listed for every member, each saying who placed it', async () => {
    const { owner, buyer, company } = await twoCompanies();
    const byOwner = await place(owner);
    const byBuyer = await place(buyer);
    expect(byBuyer).toMatchObject({
      companyId: company._id,
      placedBy: { name: 'Bo Buyer', email: buyer.email.toLowerCase() },
    });
    for (const member of [owner, buyer]) {
      const list = await myOrders(member);
      expect(list.map((o) => [o._id, o.placedBy.name])).toEqual([
        [byBuyer._id, 'Bo Buyer'],
        [byOwner._id, 'Olive Owner'],
      ]);
    }
    expect((await getOrder(buyer, byOwner._id)).statusCode).toBe(200);
  });

  it("can be ordered again by any member: the company's order history is everyone's cart history", async () => {
    const { owner, buyer, rival } = await twoCompanies();
    const order = await place(owner);
    const again = await inject(ctx.app, 'POST /api/orders/:id/reorder', {
      as: buyer,
      params: { id: order._id },
    });
    expect(again.statusCode, again.body).toBe(200);
    const cart = await inject(ctx.app, 'GET /api/cart', { as: buyer });
    expect(cart.body).toContain(productId);
    const refused = await inject(ctx.app, 'POST /api/orders/:id/reorder', {
      as: rival,
      params: { id: order._id },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("are hidden from another company's member: not listed, 403 by id", async () => {
    const { owner, rival } = await twoCompanies();
    const order = await place(owner);
    expect((await myOrders(rival)).map((o) => o._id)).not.toContain(order._id);
    const res = await getOrder(rival, order._id);
    expect(res.statusCode).toBe(403);
    const outsider = await signUp(ctx.app);
    expect((await getOrder(outsider, order._id)).statusCode).toBe(403);
  });

  it('stop being shown to a member once removed, who keeps the orders they placed', async () => {
    const { owner, buyer } = await twoCompanies();
    const byOwner = await place(owner);
    const byBuyer = await place(buyer);
    await removeFromCompany(owner, buyer);
    expect((await myOrders(buyer)).map((o) => o._id)).toEqual([byBuyer._id]);
    expect((await getOrder(buyer, byOwner._id)).statusCode).toBe(403);
    expect((await getOrder(buyer, byBuyer._id)).statusCode).toBe(200);
    // The company keeps the order its former member placed for it.
    expect((await myOrders(owner)).map((o) => o._id)).toEqual([byBuyer._id, byOwner._id]);
  });

  it("leave out a member's orders from before they joined", async () => {
    const { owner } = await givenCompany(ctx.app);
    const newcomer = await signUp(ctx.app, { name: 'Nia Newcomer' });
    const before = await place(newcomer);
    expect(before.companyId).toBeNull();
    await givenMember(ctx.app, owner, {}, newcomer);
    expect((await myOrders(owner)).map((o) => o._id)).not.toContain(before._id);
    expect((await getOrder(owner, before._id)).statusCode).toBe(403);
    expect((await myOrders(newcomer)).map((o) => o._id)).toContain(before._id);
  });
});

describe("a company's addresses", () => {
  it("are every member's: one adds it, the others see it and ship to it", async () => {
    const { owner, buyer } = await twoCompanies();
    const workshop = await addAddress(buyer, 'Workshop');
    expect((await addresses(owner)).map((a) => a._id)).toEqual([workshop._id]);
    // The first address of the company is its default for everyone.
    expect((await addresses(owner))[0]).toMatchObject({
      isDefaultShipping: true,
      isDefaultBilling: true,
    });
    const order = await place(owner);
    const shipped = await inject(ctx.app, 'PUT /api/orders/:id/shipping', {
      as: owner,
      params: { id: order._id },
      body: { shippingAddressId: workshop._id, shippingMethodId: await givenFreeShipping(ctx.db) },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<Order>().shippingAddress).toMatchObject({ line1: US_ADDRESS.line1 });
  });

  it("keep a member's own older addresses to themself", async () => {
    const { owner } = await givenCompany(ctx.app);
    const newcomer = await signUp(ctx.app);
    const home = await addAddress(newcomer, 'Home');
    await givenMember(ctx.app, owner, {}, newcomer);
    const shop = await addAddress(newcomer, 'Shop');
    expect((await addresses(newcomer)).map((a) => a.label)).toEqual(['Home', 'Shop']);
    expect((await addresses(owner)).map((a) => a._id)).toEqual([shop._id]);
    const edit = await inject(ctx.app, 'PUT /api/addresses/:id', {
      as: owner,
      params: { id: home._id },
      body: { ...US_ADDRESS, label: 'Taken' },
    });
    expect(edit.statusCode).toBe(404);
    // Once in the company, its default is the one the member's orders use.
    const list = await addresses(newcomer);
    expect(list.filter((a) => a.isDefaultShipping).map((a) => a.label)).toEqual(['Shop']);
  });

  it("are hidden from another company's member, who cannot change or remove them", async () => {
    const { buyer, rival } = await twoCompanies();
    const workshop = await addAddress(buyer, 'Workshop');
    expect(await addresses(rival)).toEqual([]);
    const edit = await inject(ctx.app, 'PUT /api/addresses/:id', {
      as: rival,
      params: { id: workshop._id },
      body: { ...US_ADDRESS, label: 'Mine' },
    });
    expect(edit.statusCode).toBe(404);
    const removed = await inject(ctx.app, 'DELETE /api/addresses/:id', {
      as: rival,
      params: { id: workshop._id },
    });
    expect(removed.statusCode).toBe(404);
    expect((await addresses(buyer))[0]).toMatchObject({ _id: workshop._id, label: 'Workshop' });
  });

  it('stay with the company when the member who added them is removed', async () => {
    const { owner, buyer } = await twoCompanies();
    const workshop = await addAddress(buyer, 'Workshop');
    await removeFromCompany(owner, buyer);
    expect(await addresses(buyer)).toEqual([]);
    expect((await addresses(owner)).map((a) => a._id)).toEqual([workshop._id]);
  });
});
