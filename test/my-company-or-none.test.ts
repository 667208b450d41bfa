// Issue 23: the web asks GET /me/company on pages every signed-in account opens (the dashboard's
// menu, the checkout), where belonging to no company is the usual case and must not be a 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MyCompany } from '../src/contract/companies.ts';
import { signUp } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp({ SIGNUP_RATE_LIMIT: '1000' });
});
afterAll(() => ctx.app.close());

const mine = async (as: Awaited<ReturnType<typeof signUp>>) => {
  const res = await inject(ctx.app, 'GET /api/me/company', { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ company: MyCompany | null }>().company;
};

it('answers null, not 404, to an account in no company', async () => {
  expect(await mine(await signUp(ctx.app))).toBeNull();
});

it("answers a member's company and role, as GET /companies/me does", async () => {
  const { owner } = await givenCompany(ctx.app);
  const { account: buyer } = await givenMember(ctx.app, owner, { spendingLimit: 250 });
  const company = await mine(buyer);
  const full = (await inject(ctx.app, 'GET /api/companies/me', { as: buyer })).json<MyCompany>();
  expect(company).toEqual(full);
  expect(company).toMatchObject({ role: 'buyer', spendingLimit: 250 });
  expect((await mine(owner))?.role).toBe('owner');
});

it('refuses a visitor who is not signed in', async () => {
  expect((await inject(ctx.app, 'GET /api/me/company')).statusCode).toBe(401);
});
