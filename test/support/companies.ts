import { expect } from 'vitest';
import type { CompanyInvite, CompanyMemberList, MyCompany } from '../../src/contract/companies.ts';
import type { App } from '../../src/server/app.ts';
import { linkIn, outboxFor, signUp, type Account } from './auth.ts';
import { inject, type Sender } from './inject.ts';
import { testAppConfigs } from './test-app.ts';

/** A new account that owns a new company. */
export async function givenCompany(app: App, name = 'Velo Werkstatt') {
  const owner = await signUp(app, { name: 'Olive Owner' });
  const res = await inject(app, 'POST /api/companies', { as: owner, body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, company: res.json<MyCompany>() };
}

/** The token of the newest invite mailed to this address (the link's last part). */
export function inviteTokenFor(app: App, email: string) {
  const config = testAppConfigs.get(app);
  if (!config) throw new Error('needs an app made by makeTestApp');
  const mail = outboxFor(config.dataDir, email)
    .filter((m) => /invites you/.test(m.subject))
    .at(-1);
  if (!mail) throw new Error(`no invite mailed to ${email}`);
  return new URL(linkIn(mail)).pathname.split('/').at(-1) ?? '';
}

/** Invites a new account (by `by`, the owner or an admin) and has it accept. */
export async function givenMember(
  app: App,
  by: Sender,
  { role = 'buyer', spendingLimit }: { role?: 'admin' | 'buyer'; spendingLimit?: number } = {},
  member?: Account,
) {
  const account = member ?? (await signUp(app, { name: 'Bo Buyer' }));
  const invited = await inject(app, 'POST /api/companies/me/invites', {
    as: by,
    body: { email: account.email, role, ...(spendingLimit === undefined ? {} : { spendingLimit }) },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = inviteTokenFor(app, account.email.toLowerCase());
  const accepted = await inject(app, 'POST /api/company-invites/:token/accept', {
    as: account,
    params: { token },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { account, invite: invited.json<CompanyInvite>() };
}

/** The members of `as`'s company, as `as` reads them. */
export async function membersOf(app: App, as: Sender) {
  const res = await inject(app, 'GET /api/companies/me/members', { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CompanyMemberList>().data;
}

/** The user id of `who`, a member of `as`'s company, as the members list gives it. */
export async function memberIdOf(app: App, as: Sender, who: { email: string }) {
  const found = (await membersOf(app, as)).find((m) => m.email === who.email.toLowerCase());
  if (!found) throw new Error(`${who.email} is not a member`);
  return found.userId;
}
