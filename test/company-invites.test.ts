// Issue 23: an invite is mailed, used once, by the account whose email it names, within 7 days;
// only the token's hash is stored.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanyInvite,
  CompanyInviteList,
  CompanyMemberList,
  InvitePreview,
} from '../src/contract/companies.ts';
import { auditLog, companyInvites, companyMembers } from '../src/server/db/schema.ts';
import { outboxFor, signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember, inviteTokenFor } from './support/companies.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp({ SIGNUP_RATE_LIMIT: '1000' });
});
afterAll(() => ctx.app.close());

const invite = (
  as: Account,
  body: { email: string; role: 'admin' | 'buyer'; spendingLimit?: number },
) => inject(ctx.app, 'POST /api/companies/me/invites', { as, body });
const preview = (as: Account, token: string) =>
  inject(ctx.app, 'GET /api/company-invites/:token', { as, params: { token } });
const accept = (as: Account, token: string) =>
  inject(ctx.app, 'POST /api/company-invites/:token/accept', { as, params: { token } });
const me = (as: Account) => inject(ctx.app, 'GET /api/companies/me', { as });

/** An owner's company and a new account invited to it as a buyer with a $250 limit. */
async function invited() {
  const { owner, company } = await givenCompany(ctx.app, 'Spaak & Co');
  const invitee = await signUp(ctx.app, { name: 'Ivy Invitee' });
  const email = invitee.email.toLowerCase();
  const res = await invite(owner, { email, role: 'buyer', spendingLimit: 250 });
  expect(res.statusCode, res.body).toBe(201);
  return {
    owner,
    company,
    invitee,
    invite: res.json<CompanyInvite>(),
    token: inviteTokenFor(ctx.app, email),
  };
}

describe('sending an invite', () => {
  it('mails a link to the address and lists the invite as pending, without its token', async () => {
    const { owner, invitee, invite: sent, token } = await invited();
    expect(sent).toEqual({
      _id: expect.any(String),
      email: invitee.email.toLowerCase(),
      role: 'buyer',
      spendingLimit: 250,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const days = (Date.parse(sent.expiresAt) - Date.parse(sent.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const mail = outboxFor(ctx.config.dataDir, invitee.email.toLowerCase()).find((m) =>
      m.subject.includes('invites you'),
    );
    expect(mail?.subject).toBe('Spaak & Co invites you to order with them on ECParts');
    expect(mail?.text).toContain(`http://localhost:3000/company-invites/${token}`);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const pending = await inject(ctx.app, 'GET /api/companies/me/invites', { as: owner });
    expect(pending.json<CompanyInviteList>().data).toEqual([sent]);
    expect(pending.body).not.toContain(token);
  });

  it('stores only the SHA-256 of the token: no column holds the token itself', async () => {
    const { invite: sent, token } = await invited();
    const [row] = await ctx.db.select().from(companyInvites).where(eq(companyInvites.id, sent._id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const dump = await ctx.db.execute(sql`select row_to_json(i)::text as j from company_invite i`);
    const text = JSON.stringify((dump as unknown as { rows: unknown[] }).rows);
    expect(text).not.toContain(token);
  });

  it('lets only the owner or an admin invite, and only the owner invite an admin', async () => {
    const { owner } = await givenCompany(ctx.app);
    const { account: buyer } = await givenMember(ctx.app, owner);
    const { account: admin } = await givenMember(ctx.app, owner, { role: 'admin' });
    const email = (await signUp(ctx.app)).email.toLowerCase();
    expect((await invite(buyer, { email, role: 'buyer' })).statusCode).toBe(403);
    expect((await invite(admin, { email, role: 'admin' })).statusCode).toBe(403);
    expect((await invite(admin, { email, role: 'buyer' })).statusCode).toBe(201);
    expect((await invite(owner, { email, role: 'admin' })).statusCode).toBe(201);
    expect((await inject(ctx.app, 'GET /api/companies/me/invites', { as: buyer })).statusCode).toBe(
      403,
    );
    // The second invite to the same address replaced the first: one link works.
    const pending = await inject(ctx.app, 'GET /api/companies/me/invites', { as: owner });
    expect(pending.json<CompanyInviteList>().data.map((i) => i.role)).toEqual(['admin']);
  });

  it('refuses to invite someone who is already a member, and an account in no company', async () => {
    const { owner } = await givenCompany(ctx.app);
    const { account: buyer } = await givenMember(ctx.app, owner);
    const again = await invite(owner, { email: buyer.email.toLowerCase(), role: 'admin' });
    expect(again.statusCode).toBe(409);
    const loner = await signUp(ctx.app);
    expect((await invite(loner, { email: 'x@example.com', role: 'buyer' })).statusCode).toBe(404);
  });
});

describe('accepting an invite', () => {
  it('shows the invitee what they are asked to join, and tells another account it is not theirs', async () => {
    const { invitee, invite: sent, token } = await invited();
    const mine = await preview(invitee, token);
    expect(mine.json<InvitePreview>()).toEqual({
      companyName: 'Spaak & Co',
      role: 'buyer',
      email: invitee.email.toLowerCase(),
      expiresAt: sent.expiresAt,
      forYou: true,
    });
    const other = await signUp(ctx.app);
    expect((await preview(other, token)).json<InvitePreview>().forYou).toBe(false);
    expect((await preview(other, 'not-a-token')).statusCode).toBe(404);
  });

  it('joins the company with the role and limit of the invite, audited', async () => {
    const { invitee, company, token } = await invited();
    const res = await accept(invitee, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: company._id, role: 'buyer', spendingLimit: 250 });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, company._id));
    expect(audit.map((a) => a.action)).toContain('company.member.join');
  });

  it('refuses an account whose email is not the invite’s, and the invite still works after', async () => {
    const { invitee, token } = await invited();
    const thief = await signUp(ctx.app, { name: 'Theo Thief' });
    const stolen = await accept(thief, token);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toContain(invitee.email.toLowerCase());
    expect((await me(thief)).statusCode).toBe(404);
    expect((await accept(invitee, token)).statusCode).toBe(200);
  });

  it('is used once: a second accept, even after leaving the company, finds it gone', async () => {
    const { owner, invitee, token } = await invited();
    const joined = await accept(invitee, token);
    expect(joined.statusCode).toBe(200);
    const members = await inject(ctx.app, 'GET /api/companies/me/members', { as: invitee });
    const self = members.json<CompanyMemberList>().data.at(-1)!;
    const left = await inject(ctx.app, 'DELETE /api/companies/me/members/:userId', {
      as: invitee,
      params: { userId: self.userId },
    });
    expect(left.statusCode).toBe(200);
    const again = await accept(invitee, token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/used, revoked or has ended/);
    expect((await me(invitee)).statusCode).toBe(404);
    const pending = await inject(ctx.app, 'GET /api/companies/me/invites', { as: owner });
    expect(pending.json<CompanyInviteList>().data).toEqual([]);
  });

  it('ends after 7 days', async () => {
    const { invitee, invite: sent, token } = await invited();
    await ctx.db
      .update(companyInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvites.id, sent._id));
    expect((await preview(invitee, token)).statusCode).toBe(404);
    expect((await accept(invitee, token)).statusCode).toBe(404);
    expect((await me(invitee)).statusCode).toBe(404);
  });

  it('stops working once revoked', async () => {
    const { owner, invitee, invite: sent, token } = await invited();
    const revoked = await inject(ctx.app, 'DELETE /api/companies/me/invites/:id', {
      as: owner,
      params: { id: sent._id },
    });
    expect(revoked.json()).toEqual({ revoked: true, _id: sent._id });
    expect((await accept(invitee, token)).statusCode).toBe(404);
    const twice = await inject(ctx.app, 'DELETE /api/companies/me/invites/:id', {
      as: owner,
      params: { id: sent._id },
    });
    expect(twice.statusCode).toBe(404);
  });

  it("lets no other company's owner revoke it", async () => {
    const { invitee, invite: sent, token } = await invited();
    const { owner: otherOwner } = await givenCompany(ctx.app);
    const res = await inject(ctx.app, 'DELETE /api/companies/me/invites/:id', {
      as: otherOwner,
      params: { id: sent._id },
    });
    expect(res.statusCode).toBe(404);
    expect((await accept(invitee, token)).statusCode).toBe(200);
  });

  it('refuses an invitee already in a company, and leaves the invite unused', async () => {
    const { invitee, token } = await invited();
    await inject(ctx.app, 'POST /api/companies', { as: invitee, body: { name: 'Mine' } });
    const res = await accept(invitee, token);
    expect(res.statusCode).toBe(409);
    expect((await me(invitee)).json()).toMatchObject({ name: 'Mine', role: 'owner' });
    expect((await preview(invitee, token)).statusCode).toBe(200);
  });

  it('makes one member of ten accepts at once', async () => {
    const { invitee, company, token } = await invited();
    const results = await Promise.all(Array.from({ length: 10 }, () => accept(invitee, token)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 404 || s === 409)).toBe(true);
    const rows = await ctx.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, company._id));
    expect(rows).toHaveLength(2);
  });
});
