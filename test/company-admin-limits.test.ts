// Issue 31, section 4: a company admin's own limit binds them. An admin with a $100 limit
// approved a buyer's $1,679 order, cleared the buyer's limit, and invited a second account of
// their own with no limit, which then charged $1,679 to the account. Only the owner approves
// over an approver's own limit, lifts a limit or sets one above their own; an admin without a
// limit is bound by nothing, as before.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyMember, MyCompany } from '../src/contract/companies.ts';
import type { Order } from '../src/contract/orders.ts';
import { signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember, memberIdOf } from './support/companies.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';
import { checkoutOneLine } from './support/trade.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp({
    MAX_UNPAID_ORDERS: '100',
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000',
    MAX_UNPAID_VALUE: '1000000',
    SIGNUP_RATE_LIMIT: '1000',
  });
});
afterAll(() => ctx.app.close());

/** The owner, an admin bound by $100, an admin bound by nothing, and a buyer at $500. */
async function team() {
  const { owner, company } = await givenCompany(ctx.app, `Velo ${randomUUID().slice(0, 6)}`);
  const { account: limited } = await givenMember(ctx.app, owner, {
    role: 'admin',
    spendingLimit: 100,
  });
  const { account: free } = await givenMember(ctx.app, owner, { role: 'admin' });
  const { account: buyer } = await givenMember(ctx.app, owner, { spendingLimit: 500 });
  return { owner, limited, free, buyer, company };
}

const idOf = (as: Account, who: Account) => memberIdOf(ctx.app, as, who);
const change = (as: Account, userId: string, body: { spendingLimit?: number | null }) =>
  inject(ctx.app, 'PATCH /api/companies/me/members/:userId', { as, params: { userId }, body });
const invite = (
  as: Account,
  body: { email: string; role: 'admin' | 'buyer'; spendingLimit?: number },
) => inject(ctx.app, 'POST /api/companies/me/invites', { as, body });
const approve = (as: Sender, id: string) =>
  inject(ctx.app, 'POST /api/orders/:id/approve', { params: { id }, as });
const limitOf = async (as: Account) =>
  (await inject(ctx.app, 'GET /api/companies/me', { as })).json<MyCompany>().spendingLimit;

/** The buyer checks out $1,679 (46 at $36.50): over their $500, it waits for approval. */
async function bigOrder(buyer: Account) {
  const product = await insertProduct(ctx.db, { priceCents: 3650, moq: 1, stock: 100 });
  const res = await checkoutOneLine(ctx.app, buyer, product.id, 46);
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  expect(order).toMatchObject({ status: 'awaiting_approval', grandTotal: 1679 });
  return order;
}

describe('an admin with a limit of their own', () => {
  it('cannot approve an order over it: the owner, or an admin whose limit covers it, can', async () => {
    const { owner, limited, free, buyer } = await team();
    const order = await bigOrder(buyer);
    const refused = await approve(limited, order._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your own limit is $100.00: only the owner can approve this $1,679.00 order.',
    );
    const res = await approve(owner, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().approvedBy?.email).toBe(owner.email.toLowerCase());

    const { account: trusted } = await givenMember(ctx.app, owner, {
      role: 'admin',
      spendingLimit: 1679,
    });
    for (const by of [trusted, free]) {
      const next = await bigOrder(buyer);
      expect((await approve(limited, next._id)).statusCode).toBe(403);
      const approved = await approve(by, next._id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<Order>().status).toBe('unpaid');
    }
  });

  it("cannot lift a buyer's limit nor set one above their own; the owner and a free admin can", async () => {
    const { limited, free, owner, buyer } = await team();
    const id = await idOf(owner, buyer);
    const lifted = await change(limited, id, { spendingLimit: null });
    expect(lifted.statusCode).toBe(403);
    expect(lifted.json().message).toBe(
      'Your own limit is $100.00: only the owner can lift a spending limit.',
    );
    const raised = await change(limited, id, { spendingLimit: 100.01 });
    expect(raised.statusCode).toBe(403);
    expect(raised.json().message).toBe(
      'Your own limit is $100.00: only the owner can set a limit above it ($100.01).',
    );
    expect(await limitOf(buyer)).toBe(500);
    // Lowering to their own, and resending a limit as it is, are theirs to do.
    const lowered = await change(limited, id, { spendingLimit: 100 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json<CompanyMember>().spendingLimit).toBe(100);
    expect((await change(limited, id, { spendingLimit: 100 })).statusCode).toBe(200);
    // Bound by nothing, as before.
    expect((await change(free, id, { spendingLimit: 5000 })).statusCode).toBe(200);
    expect((await change(owner, id, { spendingLimit: null })).statusCode).toBe(200);
    expect(await limitOf(buyer)).toBeNull();
  });

  it('cannot invite someone without a limit or above their own; the owner and a free admin can', async () => {
    const { owner, limited, free } = await team();
    const second = await signUp(ctx.app, { name: 'Sam Second' });
    const email = second.email.toLowerCase();
    const none = await invite(limited, { email, role: 'buyer' });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(
      'Your own limit is $100.00: only the owner can invite someone without a spending limit.',
    );
    const over = await invite(limited, { email, role: 'buyer', spendingLimit: 1679 });
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toMatch(/only the owner can set a limit above it \(\$1,679\.00\)/);
    const pending = await inject(ctx.app, 'GET /api/companies/me/invites', { as: limited });
    expect(pending.json().data).toEqual([]);
    const within = await invite(limited, { email, role: 'buyer', spendingLimit: 100 });
    expect(within.statusCode, within.body).toBe(201);
    for (const by of [owner, free]) {
      const other = (await signUp(ctx.app)).email.toLowerCase();
      expect((await invite(by, { email: other, role: 'buyer' })).statusCode).toBe(201);
    }
  });
});
