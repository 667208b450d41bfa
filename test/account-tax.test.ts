import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList } from '../src/contract/audit.ts';
import { users } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'taxes@example.com' });
  admin = await signUp(ctx.app, { email: 'taxes@example.com', name: 'Tess Taxes' });
});
afterAll(() => ctx.app.close());

async function idOf(account: Account) {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, account.email));
  return row!.id;
}

const none = {
  companyName: '',
  vatId: '',
  vatIdValid: false,
  vatIdVerified: false,
  taxExempt: false,
  exemptCertificate: '',
};

describe("the account's own tax details", () => {
  it('are empty until set', async () => {
    const me = await signUp(ctx.app);
    const res = await inject(ctx.app, 'GET /api/users/me/tax', { as: me });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(none);
  });

  it('keep a company name and a valid VAT ID, in its normal form', async () => {
    const me = await signUp(ctx.app);
    const put = await inject(ctx.app, 'PUT /api/users/me/tax', {
      as: me,
      body: { companyName: 'Spokes GmbH', vatId: 'de 136.695.976' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const expected = {
      ...none,
      companyName: 'Spokes GmbH',
      vatId: 'DE136695976',
      vatIdValid: true,
    };
    expect(put.json()).toEqual(expected);
    expect((await inject(ctx.app, 'GET /api/users/me/tax', { as: me })).json()).toEqual(expected);
  });

  it('refuse an invalid VAT ID with a 400 naming vatId, and keep what was there', async () => {
    const me = await signUp(ctx.app);
    await inject(ctx.app, 'PUT /api/users/me/tax', {
      as: me,
      body: { companyName: 'Velo B.V.', vatId: 'NL004495445B01' },
    });
    const res = await inject(ctx.app, 'PUT /api/users/me/tax', {
      as: me,
      body: { companyName: 'Velo B.V.', vatId: 'DE136695977' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^vatId: Enter a valid EU VAT ID/);
    expect((await inject(ctx.app, 'GET /api/users/me/tax', { as: me })).json()).toMatchObject({
      vatId: 'NL004495445B01',
    });
  });

  it('can be cleared', async () => {
    const me = await signUp(ctx.app);
    await inject(ctx.app, 'PUT /api/users/me/tax', {
      as: me,
      body: { companyName: 'Velo B.V.', vatId: 'NL004495445B01' },
    });
    const res = await inject(ctx.app, 'PUT /api/users/me/tax', { as: me, body: {} });
    expect(res.json()).toEqual(none);
  });

  it('need a signed-in account', async () => {
    expect((await inject(ctx.app, 'GET /api/users/me/tax')).statusCode).toBe(401);
  });
});

describe('tax exemption', () => {
  it('is set by an admin with a certificate, in the audit trail, and leaves the buyer’s own details alone', async () => {
    const buyer = await signUp(ctx.app, { name: 'Sam School' });
    const id = await idOf(buyer);
    await inject(ctx.app, 'PUT /api/users/me/tax', {
      as: buyer,
      body: { companyName: 'Springfield School District', vatId: '' },
    });
    const res = await inject(ctx.app, 'PUT /api/users/:id/tax-exempt', {
      as: admin,
      params: { id },
      body: { exempt: true, certificate: 'CA-EX-2026-0042' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...none,
      companyName: 'Springfield School District',
      taxExempt: true,
      exemptCertificate: 'CA-EX-2026-0042',
    });
    expect((await inject(ctx.app, 'GET /api/users/me/tax', { as: buyer })).json()).toMatchObject({
      taxExempt: true,
    });
    const trail = (await inject(ctx.app, 'GET /api/audit', { as: admin })).json<AuditList>();
    expect(trail.data[0]).toMatchObject({
      action: 'user.tax_exempt',
      targetType: 'user',
      targetId: id,
      summary: `Made ${buyer.email} tax-exempt (certificate CA-EX-2026-0042)`,
    });

    // The buyer changing their company keeps the exemption.
    await inject(ctx.app, 'PUT /api/users/me/tax', {
      as: buyer,
      body: { companyName: 'Springfield Schools', vatId: '' },
    });
    const seen = await inject(ctx.app, 'GET /api/users/:id/tax', { as: admin, params: { id } });
    expect(seen.json()).toMatchObject({ companyName: 'Springfield Schools', taxExempt: true });

    const ended = await inject(ctx.app, 'PUT /api/users/:id/tax-exempt', {
      as: admin,
      params: { id },
      body: { exempt: false },
    });
    expect(ended.json()).toMatchObject({ taxExempt: false, exemptCertificate: '' });
  });

  it('needs a certificate reference', async () => {
    const buyer = await signUp(ctx.app);
    const res = await inject(ctx.app, 'PUT /api/users/:id/tax-exempt', {
      as: admin,
      params: { id: await idOf(buyer) },
      body: { exempt: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('certificate: Enter the exemption certificate reference');
  });

  it('is not something a buyer can set, on themselves or anyone', async () => {
    const buyer = await signUp(ctx.app);
    const id = await idOf(buyer);
    const res = await inject(ctx.app, 'PUT /api/users/:id/tax-exempt', {
      as: buyer,
      params: { id },
      body: { exempt: true, certificate: 'MINE' },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await inject(ctx.app, 'GET /api/users/:id/tax', { as: buyer, params: { id } })).statusCode,
    ).toBe(403);
    expect((await inject(ctx.app, 'GET /api/users/me/tax', { as: buyer })).json()).toEqual(none);
  });

  it('answers 404 for a user who does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const put = await inject(ctx.app, 'PUT /api/users/:id/tax-exempt', {
      as: admin,
      params: { id: missing },
      body: { exempt: true, certificate: 'X-1' },
    });
    const get = await inject(ctx.app, 'GET /api/users/:id/tax', {
      as: admin,
      params: { id: 'nobody' },
    });
    expect([put.statusCode, get.statusCode]).toEqual([404, 404]);
  });
});
