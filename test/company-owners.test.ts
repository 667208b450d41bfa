// Issue 31, section 5, company owners: deleting a company owner's account left the company
// with no owner and its waiting orders with no approver. The delete is refused (409) until the
// owner hands the company to another member with POST /api/companies/me/owner.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompanyMemberList, MyCompany } from '../src/contract/companies.ts';
import type { Order } from '../src/contract/orders.ts';
import { auditLog, companyMembers } from '../src/server/db/schema.ts';
import { outboxFor, signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember, memberIdOf, membersOf } from './support/companies.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';
import { checkoutOneLine } from './support/trade.ts';

const ADMIN = 'owners-admin@example.com';
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let shopAdmin: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, SIGNUP_RATE_LIMIT: '1000' });
  shopAdmin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
});
afterAll(() => ctx.app.close());

const members = (as: Account) => membersOf(ctx.app, as);
const idOf = (as: Account, who: Account) => memberIdOf(ctx.app, as, who);
const me = async (as: Account) =>
  (await inject(ctx.app, 'GET /api/companies/me', { as })).json<MyCompany>();
const handOver = (as: Account, userId: string) =>
  inject(ctx.app, 'POST /api/companies/me/owner', { as, body: { userId } });
const deleteAccount = (id: string) =>
  inject(ctx.app, 'DELETE /api/users/:id', { params: { id }, as: shopAdmin });

/** Velo Werkstatt Amsterdam: its owner, an admin and a buyer at $500. */
async function team() {
  const name = `Velo Werkstatt Amsterdam ${randomUUID().slice(0, 4)}`;
  const { owner, company } = await givenCompany(ctx.app, name);
  const { account: admin } = await givenMember(ctx.app, owner, { role: 'admin' });
  const { account: buyer } = await givenMember(ctx.app, owner, { spendingLimit: 500 });
  return { owner, admin, buyer, company };
}

describe("deleting a company owner's account", () => {
  it('is refused until the company is handed on, and says so', async () => {
    const { owner, buyer, company } = await team();
    const ownerId = await idOf(owner, owner);
    const res = await deleteAccount(ownerId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${owner.email.toLowerCase()} owns ${company.name}: hand the company to another member first.`,
    );
    expect(await me(owner)).toMatchObject({ role: 'owner', name: company.name });
    // Another member's account goes, their membership with it.
    expect((await deleteAccount(await idOf(owner, buyer))).statusCode).toBe(200);
    expect((await members(owner)).map((m) => m.role)).toEqual(['owner', 'admin']);
  });

  it('goes through once the owner has handed the company to a member', async () => {
    const { owner, admin, buyer } = await team();
    const ownerId = await idOf(owner, owner);
    expect((await handOver(owner, await idOf(owner, admin))).statusCode).toBe(200);
    const res = await deleteAccount(ownerId);
    expect(res.statusCode, res.body).toBe(200);
    expect((await members(admin)).map((m) => [m.email, m.role])).toEqual([
      [admin.email.toLowerCase(), 'owner'],
      [buyer.email.toLowerCase(), 'buyer'],
    ]);
  });
});

describe('handing the company to a member', () => {
  it('makes them the owner without a limit and the old owner an admin, audited and mailed', async () => {
    const { owner, buyer, company } = await team();
    const buyerId = await idOf(owner, buyer);
    const res = await handOver(owner, buyerId);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<CompanyMemberList>().data;
    expect(list.map((m) => [m.email, m.role, m.spendingLimit])).toEqual([
      [buyer.email.toLowerCase(), 'owner', null],
      [owner.email.toLowerCase(), 'admin', null],
      [expect.any(String), 'admin', null],
    ]);
    expect(await me(buyer)).toMatchObject({ role: 'owner', spendingLimit: null });
    expect(await me(owner)).toMatchObject({ role: 'admin' });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, company._id));
    expect(audit.find((a) => a.action === 'company.owner')).toMatchObject({
      actorEmail: owner.email.toLowerCase(),
      summary: expect.stringContaining(`to ${buyer.email.toLowerCase()} (was buyer)`),
    });
    const mail = await vi.waitFor(() => {
      const found = outboxFor(ctx.config.dataDir, buyer.email.toLowerCase()).find((m) =>
        m.subject.includes(`You now own ${company.name}`),
      );
      if (!found) throw new Error('no mail yet');
      return found;
    });
    expect(mail.text).toMatch(/previous owner stays on as an admin/);
  });

  it('lets the new owner approve any order and hand the company back', async () => {
    const { owner, admin, buyer } = await team();
    await handOver(owner, await idOf(owner, admin));
    const product = await insertProduct(ctx.db, { priceCents: 2500, moq: 1, stock: 100 });
    const placed = await checkoutOneLine(ctx.app, buyer, product.id, 30);
    expect(placed.json<Order>().status).toBe('awaiting_approval');
    const approved = await inject(ctx.app, 'POST /api/orders/:id/approve', {
      params: { id: placed.json<Order>()._id },
      as: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await handOver(admin, await idOf(admin, owner))).statusCode).toBe(200);
    expect(await me(owner)).toMatchObject({ role: 'owner' });
    expect(await me(admin)).toMatchObject({ role: 'admin' });
  });

  it('is the owner’s alone: an admin or a buyer hears 403, and nothing changes', async () => {
    const { owner, admin, buyer } = await team();
    for (const by of [admin, buyer]) {
      const res = await handOver(by, await idOf(owner, by));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Only your company's owner may hand it to another member.");
    }
    expect(await me(owner)).toMatchObject({ role: 'owner' });
  });

  it('refuses someone outside the company (404) and the owner themself (409)', async () => {
    const { owner } = await team();
    const other = await team();
    const outsider = await handOver(owner, await idOf(other.owner, other.buyer));
    expect(outsider.statusCode).toBe(404);
    expect((await handOver(owner, 'no-such-account')).statusCode).toBe(404);
    const self = await handOver(owner, await idOf(owner, owner));
    expect(self.statusCode).toBe(409);
    const loner = await signUp(ctx.app);
    expect((await handOver(loner, await idOf(owner, owner))).statusCode).toBe(404);
    expect(await me(other.buyer)).toMatchObject({ role: 'buyer' });
  });

  it('leaves one owner when handed to two members at once', async () => {
    const { owner, admin, buyer, company } = await team();
    const [a, b] = await Promise.all([
      handOver(owner, await idOf(owner, admin)),
      handOver(owner, await idOf(owner, buyer)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const owners = await ctx.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, company._id));
    expect(owners.filter((m) => m.role === 'owner')).toHaveLength(1);
  });

  it('and a delete of the new owner at the same moment never leaves the company without one', async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, admin, company } = await team();
      const adminId = await idOf(owner, admin);
      const [handed, deleted] = await Promise.all([
        handOver(owner, adminId),
        deleteAccount(adminId),
      ]);
      const rows = await ctx.db
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.companyId, company._id));
      expect(
        rows.filter((m) => m.role === 'owner'),
        `${handed.body} ${deleted.body}`,
      ).toHaveLength(1);
      // Either the admin went first (the handover finds no such member) or the handover did
      // (the delete is refused): never both.
      expect([handed.statusCode, deleted.statusCode].sort()).toEqual(
        handed.statusCode === 200 ? [200, 409] : [200, 404],
      );
    }
  });
});
