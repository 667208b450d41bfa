import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, AddressList } from '../src/contract/addresses.ts';
import { addresses, users } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { CALIFORNIA } from './support/delivery.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.app.close());

const workshop = {
  ...CALIFORNIA,
  label: 'Workshop',
  company: 'Spokes & Co',
  phone: '+1 415 555 0100',
};

const amsterdam = {
  name: 'Casey Customer',
  line1: 'Keizersgracht 1',
  city: 'Amsterdam',
  postalCode: '1015 CJ',
  country: 'NL',
};

async function add(as: Account, body: Record<string, unknown>) {
  const res = await inject(ctx.app, 'POST /api/addresses', { as, body: body as never });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Address>();
}

const listOf = async (as: Account) =>
  (await inject(ctx.app, 'GET /api/addresses', { as })).json<AddressList>().data;

const defaultsOf = async (as: Account) => {
  const list = await listOf(as);
  return {
    shipping: list.filter((a) => a.isDefaultShipping).map((a) => a._id),
    billing: list.filter((a) => a.isDefaultBilling).map((a) => a._id),
  };
};

describe('the address book', () => {
  it('adds, lists, changes and removes an address of the account', async () => {
    const me = await signUp(ctx.app);
    const added = await add(me, workshop);
    expect(added).toMatchObject({ ...workshop, line2: '' });
    expect(await listOf(me)).toEqual([added]);

    const changed = await inject(ctx.app, 'PUT /api/addresses/:id', {
      as: me,
      params: { id: added._id },
      body: { ...workshop, line2: 'Unit 4', label: 'Main workshop' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ line2: 'Unit 4', label: 'Main workshop' });

    const removed = await inject(ctx.app, 'DELETE /api/addresses/:id', {
      as: me,
      params: { id: added._id },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true, _id: added._id });
    expect(await listOf(me)).toEqual([]);
  });

  it('needs a signed-in account', async () => {
    expect((await inject(ctx.app, 'GET /api/addresses')).statusCode).toBe(401);
    expect((await inject(ctx.app, 'POST /api/addresses', { body: workshop })).statusCode).toBe(401);
  });

  it("answers 404 for another account's address, as for one that does not exist, and leaves it as it was", async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const theirs = await add(owner, workshop);
    const put = await inject(ctx.app, 'PUT /api/addresses/:id', {
      as: stranger,
      params: { id: theirs._id },
      body: { ...workshop, line1: 'Somewhere else 9' },
    });
    const del = await inject(ctx.app, 'DELETE /api/addresses/:id', {
      as: stranger,
      params: { id: theirs._id },
    });
    const missing = await inject(ctx.app, 'DELETE /api/addresses/:id', {
      as: stranger,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect([put.statusCode, del.statusCode, missing.statusCode]).toEqual([404, 404, 404]);
    expect(put.json().message).toBe(missing.json().message);
    expect(await listOf(stranger)).toEqual([]);
    expect(await listOf(owner)).toEqual([theirs]);
  });

  it('makes the first address the default for shipping and billing', async () => {
    const me = await signUp(ctx.app);
    const first = await add(me, workshop);
    expect(first).toMatchObject({ isDefaultShipping: true, isDefaultBilling: true });
    const second = await add(me, amsterdam);
    expect(second).toMatchObject({ isDefaultShipping: false, isDefaultBilling: false });
  });

  it('moves a default to the address that takes it, leaving exactly one of each', async () => {
    const me = await signUp(ctx.app);
    const first = await add(me, workshop);
    const second = await add(me, { ...amsterdam, isDefaultShipping: true });
    expect(await defaultsOf(me)).toEqual({ shipping: [second._id], billing: [first._id] });

    const res = await inject(ctx.app, 'PUT /api/addresses/:id', {
      as: me,
      params: { id: first._id },
      body: { ...workshop, isDefaultShipping: true, isDefaultBilling: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await defaultsOf(me)).toEqual({ shipping: [first._id], billing: [first._id] });
  });

  it('keeps one default of each when two addresses claim it at once', async () => {
    const me = await signUp(ctx.app);
    await add(me, workshop);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        inject(ctx.app, 'POST /api/addresses', {
          as: me,
          body: {
            ...amsterdam,
            label: `Site ${i}`,
            isDefaultShipping: true,
            isDefaultBilling: true,
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const defaults = await defaultsOf(me);
    expect(defaults.shipping).toHaveLength(1);
    expect(defaults.billing).toHaveLength(1);
  });

  it('passes the default of a removed address to the newest one left', async () => {
    const me = await signUp(ctx.app);
    const first = await add(me, workshop);
    await add(me, { ...amsterdam, label: 'Older' });
    const newest = await add(me, { ...amsterdam, label: 'Newest' });
    await inject(ctx.app, 'DELETE /api/addresses/:id', { as: me, params: { id: first._id } });
    expect(await defaultsOf(me)).toEqual({ shipping: [newest._id], billing: [newest._id] });
  });

  it('keeps the default when its own flag is cleared: defaults move by being set elsewhere', async () => {
    const me = await signUp(ctx.app);
    const first = await add(me, workshop);
    await add(me, amsterdam);
    await inject(ctx.app, 'PUT /api/addresses/:id', {
      as: me,
      params: { id: first._id },
      body: { ...workshop, isDefaultShipping: false },
    });
    expect(await defaultsOf(me)).toEqual({ shipping: [first._id], billing: [first._id] });
  });

  it('keeps at most 50 addresses per account and says so', async () => {
    const me = await signUp(ctx.app);
    const [account] = await ctx.db.select().from(users).where(eq(users.email, me.email));
    // Fifty written directly: the cap is the subject, not fifty requests.
    await ctx.db.insert(addresses).values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: account!.id,
        ...amsterdam,
        label: `Site ${i}`,
      })),
    );
    const res = await inject(ctx.app, 'POST /api/addresses', { as: me, body: amsterdam });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/at most 50 addresses/);
    expect(await listOf(me)).toHaveLength(50);
  });
});

describe('a bad address field', () => {
  const refused = async (body: Record<string, unknown>) => {
    const me = await signUp(ctx.app);
    const res = await inject(ctx.app, 'POST /api/addresses', { as: me, payload: body });
    expect(res.statusCode, res.body).toBe(400);
    expect(await listOf(me)).toEqual([]);
    return res.json<{ message: string }>().message;
  };

  it('is a 400 that names the field', async () => {
    expect(await refused({ ...workshop, city: '' })).toMatch(/^city: Enter the city/);
    expect(await refused({ ...workshop, name: 'x'.repeat(200) })).toMatch(/^name: /);
  });

  it('needs the state for a US address, and a real one', async () => {
    expect(await refused({ ...workshop, region: '' })).toBe('region: Choose the state');
    expect(await refused({ ...workshop, region: 'Narnia' })).toMatch(/^region: Choose a state/);
  });

  it("checks the postal code against the country's format", async () => {
    expect(await refused({ ...workshop, postalCode: '1234' })).toMatch(
      /^postalCode: Enter a valid postal code for United States/,
    );
    expect(await refused({ ...amsterdam, postalCode: '99999999' })).toMatch(/^postalCode: /);
  });

  it('refuses a ZIP code of another state, naming both', async () => {
    expect(await refused({ ...workshop, city: 'Portland', region: 'OR' })).toBe(
      'postalCode: ZIP 94105 is in California (CA), not Oregon (OR)',
    );
  });

  it('takes only ISO country codes', async () => {
    expect(await refused({ ...workshop, country: 'XX' })).toMatch(/^country: /);
  });

  it('keeps a US state given by its name by its code', async () => {
    const me = await signUp(ctx.app);
    expect(await add(me, { ...workshop, region: 'california' })).toMatchObject({ region: 'CA' });
  });
});
