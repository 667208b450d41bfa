// Issue 23: companies, their members and the shop admin's terms. Who may change whom is the
// point here: a buyer promoting themself, an admin removing the owner, a second company.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanyDetail,
  CompanyList,
  CompanyMember,
  CompanyMemberList,
  MyCompany,
} from '../src/contract/companies.ts';
import { auditLog, companies } from '../src/server/db/schema.ts';
import { cookieFrom, signIn, signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'boss@example.com', SIGNUP_RATE_LIMIT: '1000' });
  admin = await signUp(ctx.app, { email: 'boss@example.com', name: 'Bo Boss' });
});
afterAll(() => ctx.app.close());

const me = (as: Account) => inject(ctx.app, 'GET /api/companies/me', { as });
const members = async (as: Account) =>
  (await inject(ctx.app, 'GET /api/companies/me/members', { as })).json<CompanyMemberList>().data;
const change = (
  as: Account,
  userId: string,
  body: { role?: 'admin' | 'buyer'; spendingLimit?: number | null },
) => inject(ctx.app, 'PATCH /api/companies/me/members/:userId', { as, params: { userId }, body });
const remove = (as: Account, userId: string) =>
  inject(ctx.app, 'DELETE /api/companies/me/members/:userId', { as, params: { userId } });

async function idOf(account: Account) {
  const list = await members(account);
  const found = list.find((m) => m.email === account.email.toLowerCase());
  if (!found) throw new Error('not a member');
  return found.userId;
}

/** A company with its owner, an admin and a buyer (with a $500 spending limit). */
async function team() {
  const { owner, company } = await givenCompany(ctx.app);
  const { account: adminMember } = await givenMember(ctx.app, owner, { role: 'admin' });
  const { account: buyer } = await givenMember(ctx.app, owner, { spendingLimit: 500 });
  return { owner, adminMember, buyer, company };
}

describe('making a company', () => {
  it('makes the caller its owner, with no terms and no credit yet', async () => {
    const owner = await signUp(ctx.app);
    const res = await inject(ctx.app, 'POST /api/companies', {
      as: owner,
      body: { name: '  Velo Werkstatt Amsterdam ', vatId: 'nl 0044.95445.B01', poRequired: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const company = res.json<MyCompany>();
    expect(company).toEqual({
      _id: expect.any(String),
      name: 'Velo Werkstatt Amsterdam',
      vatId: 'NL004495445B01',
      vatIdVerified: false,
      poRequired: true,
      role: 'owner',
      terms: null,
      creditLimit: 0,
      balance: 0,
      available: 0,
      spendingLimit: null,
    });
    expect((await me(owner)).json()).toEqual(company);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, company._id));
    expect(audit.map((a) => a.action)).toEqual(['company.create']);
  });

  it('answers 404 to an account in no company', async () => {
    const loner = await signUp(ctx.app);
    expect((await me(loner)).statusCode).toBe(404);
    expect((await inject(ctx.app, 'GET /api/companies/me/members', { as: loner })).statusCode).toBe(
      404,
    );
  });

  it('refuses a second company to an account already in one, even asked twice at once', async () => {
    const { owner } = await givenCompany(ctx.app);
    const again = await inject(ctx.app, 'POST /api/companies', {
      as: owner,
      body: { name: 'Two' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already belong to a company/);

    const eager = await signUp(ctx.app);
    const tries = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) =>
        inject(ctx.app, 'POST /api/companies', { as: eager, body: { name: `Eager ${name}` } }),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const made = await ctx.db.select().from(companies);
    expect(made.filter((c) => c.name.startsWith('Eager'))).toHaveLength(1);
  });

  it('refuses a VAT ID that is not one', async () => {
    const owner = await signUp(ctx.app);
    const res = await inject(ctx.app, 'POST /api/companies', {
      as: owner,
      body: { name: 'Bad VAT', vatId: 'NL123' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("changing the company's details", () => {
  it('lets the owner and admins change name and PO rule, and refuses a buyer', async () => {
    const { owner, adminMember, buyer } = await team();
    const byOwner = await inject(ctx.app, 'PATCH /api/companies/me', {
      as: owner,
      body: { name: 'Velo Werkstatt Utrecht' },
    });
    expect(byOwner.json()).toMatchObject({ name: 'Velo Werkstatt Utrecht', role: 'owner' });
    const byAdmin = await inject(ctx.app, 'PATCH /api/companies/me', {
      as: adminMember,
      body: { poRequired: true },
    });
    expect(byAdmin.json()).toMatchObject({ poRequired: true, role: 'admin' });
    const byBuyer = await inject(ctx.app, 'PATCH /api/companies/me', {
      as: buyer,
      body: { name: 'Mine now' },
    });
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().message).toBe("Only your company's owner or admins may do this.");
    expect((await me(buyer)).json()).toMatchObject({
      name: 'Velo Werkstatt Utrecht',
      role: 'buyer',
      spendingLimit: 500,
    });
  });

  it('ignores terms and credit sent by a member: those are the shop admin’s', async () => {
    const { owner } = await givenCompany(ctx.app);
    const res = await inject(ctx.app, 'PATCH /api/companies/me', {
      as: owner,
      body: { name: 'Rich', creditLimit: 1_000_000, terms: { netDays: 90 } } as never,
    });
    expect(res.json()).toMatchObject({ name: 'Rich', creditLimit: 0, terms: null });
  });
});

describe('members', () => {
  it('lists the owner first, then the others as they joined', async () => {
    const { owner, adminMember, buyer } = await team();
    const list = await members(buyer);
    expect(list.map((m) => [m.email, m.role, m.spendingLimit])).toEqual([
      [owner.email.toLowerCase(), 'owner', null],
      [adminMember.email.toLowerCase(), 'admin', null],
      [buyer.email.toLowerCase(), 'buyer', 500],
    ]);
    expect(list[0]).toEqual({
      userId: expect.any(String),
      name: 'Olive Owner',
      email: owner.email.toLowerCase(),
      role: 'owner',
      spendingLimit: null,
      joinedAt: expect.any(String),
    });
  });

  it('lets the owner set and clear a spending limit and make a buyer an admin, audited', async () => {
    const { owner, buyer, company } = await team();
    const id = await idOf(buyer);
    const raised = await change(owner, id, { spendingLimit: 1250.5 });
    expect(raised.json<CompanyMember>()).toMatchObject({ role: 'buyer', spendingLimit: 1250.5 });
    const cleared = await change(owner, id, { spendingLimit: null });
    expect(cleared.json<CompanyMember>().spendingLimit).toBeNull();
    const promoted = await change(owner, id, { role: 'admin' });
    expect(promoted.json<CompanyMember>().role).toBe('admin');
    expect((await me(buyer)).json()).toMatchObject({ role: 'admin', spendingLimit: null });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, company._id));
    expect(audit.filter((a) => a.action === 'company.member.update')).toHaveLength(3);
  });

  it('refuses a buyer who promotes themself or lifts their own limit', async () => {
    const { buyer } = await team();
    const id = await idOf(buyer);
    for (const body of [{ role: 'admin' as const }, { spendingLimit: null }]) {
      const res = await change(buyer, id, body);
      expect(res.statusCode).toBe(403);
    }
    expect((await me(buyer)).json()).toMatchObject({ role: 'buyer', spendingLimit: 500 });
  });

  it('refuses "owner" as a role: there is one owner, the one who made the company', async () => {
    const { owner, buyer } = await team();
    const res = await change(owner, await idOf(buyer), { role: 'owner' as never });
    expect(res.statusCode).toBe(400);
  });

  it('lets an admin manage buyers, but not make admins nor touch other admins or the owner', async () => {
    const { owner, adminMember, buyer } = await team();
    const { account: otherAdmin } = await givenMember(ctx.app, owner, { role: 'admin' });
    const buyerId = await idOf(buyer);
    expect((await change(adminMember, buyerId, { spendingLimit: 50 })).statusCode).toBe(200);
    expect((await change(adminMember, buyerId, { role: 'admin' })).statusCode).toBe(403);
    expect((await change(adminMember, await idOf(otherAdmin), { role: 'buyer' })).statusCode).toBe(
      403,
    );
    expect((await change(adminMember, await idOf(owner), { spendingLimit: 1 })).statusCode).toBe(
      409,
    );
    expect((await remove(adminMember, await idOf(otherAdmin))).statusCode).toBe(403);
  });

  it('answers 404 for an account of another company, and changes nothing there', async () => {
    const first = await team();
    const second = await team();
    const stranger = await idOf(second.buyer);
    expect((await change(first.owner, stranger, { spendingLimit: null })).statusCode).toBe(404);
    expect((await remove(first.owner, stranger)).statusCode).toBe(404);
    expect((await me(second.buyer)).json()).toMatchObject({ role: 'buyer', spendingLimit: 500 });
  });
});

describe('removing members', () => {
  it('never removes the owner: not by an admin, not by the owner leaving', async () => {
    const { owner, adminMember } = await team();
    const ownerId = await idOf(owner);
    for (const by of [adminMember, owner]) {
      const res = await remove(by, ownerId);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The owner cannot be removed.');
    }
    expect((await me(owner)).json()).toMatchObject({ role: 'owner' });
  });

  it('lets the owner or an admin remove a buyer, and a buyer leave, but not remove another', async () => {
    const { owner, adminMember, buyer, company } = await team();
    const { account: second } = await givenMember(ctx.app, owner);
    const { account: third } = await givenMember(ctx.app, owner);
    expect((await remove(buyer, await idOf(second))).statusCode).toBe(403);

    const removed = await remove(adminMember, await idOf(second));
    expect(removed.json()).toEqual({ deleted: true, userId: expect.any(String) });
    expect((await me(second)).statusCode).toBe(404);

    const left = await remove(third, await idOf(third));
    expect(left.statusCode).toBe(200);
    expect((await me(third)).statusCode).toBe(404);
    expect((await members(owner)).map((m) => m.role)).toEqual(['owner', 'admin', 'buyer']);

    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, company._id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['company.member.remove', 'company.member.leave']),
    );
  });

  it('lets a removed member make a company of their own', async () => {
    const { owner, buyer } = await team();
    await remove(owner, await idOf(buyer));
    const res = await inject(ctx.app, 'POST /api/companies', { as: buyer, body: { name: 'Own' } });
    expect(res.statusCode).toBe(201);
  });
});

describe("the shop admin's companies", () => {
  it('lists companies by name with their members, and finds one by name or VAT ID', async () => {
    const owner = await signUp(ctx.app);
    const made = await inject(ctx.app, 'POST /api/companies', {
      as: owner,
      body: { name: 'Zzyzx Cycles', vatId: 'DE136695976' },
    });
    await givenMember(ctx.app, owner);
    const byName = await inject(ctx.app, 'GET /api/companies', {
      as: admin,
      query: { q: 'zzyzx' },
    });
    const list = byName.json<CompanyList>();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      _id: made.json<MyCompany>()._id,
      name: 'Zzyzx Cycles',
      vatId: 'DE136695976',
      members: 2,
      terms: null,
      creditLimit: 0,
      discountPercent: 0,
    });
    const byVat = await inject(ctx.app, 'GET /api/companies', {
      as: admin,
      query: { q: '136695' },
    });
    expect(byVat.json<CompanyList>().data.map((c) => c.name)).toEqual(['Zzyzx Cycles']);
    const all = await inject(ctx.app, 'GET /api/companies', { as: admin, query: { limit: 100 } });
    const names = all.json<CompanyList>().data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('grants terms and a credit limit (audited): the members see them as available credit', async () => {
    const { owner, buyer, company } = await team();
    const res = await inject(ctx.app, 'PATCH /api/companies/:id', {
      as: admin,
      params: { id: company._id },
      body: { terms: { netDays: 30 }, creditLimit: 5000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CompanyDetail>()).toMatchObject({
      terms: { netDays: 30 },
      creditLimit: 5000,
      balance: 0,
      available: 5000,
      overdue: 0,
      discountPercent: 0,
    });
    expect(res.json<CompanyDetail>().members.map((m) => m.role)).toEqual([
      'owner',
      'admin',
      'buyer',
    ]);
    for (const who of [owner, buyer]) {
      expect((await me(who)).json()).toMatchObject({ terms: { netDays: 30 }, available: 5000 });
    }
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, company._id));
    expect(audit.find((a) => a.action === 'company.terms')?.summary).toBe(
      'Velo Werkstatt: no terms → net 30, credit limit $0.00 → $5,000.00',
    );

    const withdrawn = await inject(ctx.app, 'PATCH /api/companies/:id', {
      as: admin,
      params: { id: company._id },
      body: { terms: null, creditLimit: 5000 },
    });
    expect(withdrawn.json<CompanyDetail>().terms).toBeNull();
  });

  it('keeps the admin calls to admins, and answers 404 for a company that is not there', async () => {
    const { owner, company } = await team();
    const asOwner = await inject(ctx.app, 'PATCH /api/companies/:id', {
      as: owner,
      params: { id: company._id },
      body: { terms: { netDays: 365 }, creditLimit: 1_000_000 },
    });
    expect(asOwner.statusCode).toBe(403);
    expect(
      (await inject(ctx.app, 'GET /api/companies/:id', { as: owner, params: { id: company._id } }))
        .statusCode,
    ).toBe(403);
    expect((await inject(ctx.app, 'GET /api/companies', { as: owner })).statusCode).toBe(403);
    const missing = await inject(ctx.app, 'GET /api/companies/:id', {
      as: admin,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company._id));
    expect(row).toMatchObject({ netDays: null, creditLimitCents: 0 });
  });

  it('refuses terms beyond a year and a negative credit limit', async () => {
    const { company } = await team();
    for (const body of [
      { terms: { netDays: 400 }, creditLimit: 10 },
      { terms: { netDays: 30 }, creditLimit: -1 },
      { terms: { netDays: 30 }, creditLimit: 10.001 },
    ]) {
      const res = await inject(ctx.app, 'PATCH /api/companies/:id', {
        as: admin,
        params: { id: company._id },
        body,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('the demo company', () => {
  it('comes with the demo data: net 30, a $5,000 limit, dealer prices, an owner and a buyer', async () => {
    const demo = await makeTestApp({ SEED_DEMO: 'on', NODE_ENV: 'development' });
    try {
      const signedIn = async (email: string, password: string) => {
        const res = await signIn(demo.app, email, password);
        expect(res.statusCode).toBe(200);
        return { cookie: cookieFrom(res.headers['set-cookie']) };
      };
      const owner = await signedIn('owner@velo-werkstatt.test', 'owner-demo-2026');
      const buyer = await signedIn('buyer@velo-werkstatt.test', 'buyer-demo-2026');
      const mine = await inject(demo.app, 'GET /api/companies/me', { as: owner });
      expect(mine.json()).toMatchObject({
        name: 'Velo Werkstatt Amsterdam',
        role: 'owner',
        poRequired: true,
        terms: { netDays: 30 },
        creditLimit: 5000,
        available: 5000,
      });
      const theirs = await inject(demo.app, 'GET /api/companies/me', { as: buyer });
      expect(theirs.json()).toMatchObject({ role: 'buyer', spendingLimit: 500 });
      const [row] = await demo.db.select().from(companies);
      expect(row?.discountMilli).toBeGreaterThan(0);
    } finally {
      await demo.app.close();
    }
  });
});
