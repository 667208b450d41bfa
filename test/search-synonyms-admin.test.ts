import { afterAll, describe, expect, it } from 'vitest';
import type { SearchSynonym } from '../src/contract/taxonomy.ts';
import { adminShop } from './support/admin-shop.ts';
import { inject, refusalOf } from './support/inject.ts';

const { ctx, admin, customer, latestAudit, adminDelete } = await adminShop();
afterAll(() => ctx.app.close());

const add = (body: { term: string; means: string }) =>
  inject(ctx.app, 'POST /api/search-synonyms', { as: admin, body });

const list = async () => {
  const res = await inject(ctx.app, 'GET /api/search-synonyms', { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SearchSynonym[] }>().data;
};

describe('search synonyms', () => {
  it('are added by admins, kept lower-case, and listed by term', async () => {
    const tire = await add({ term: '  Tire ', means: 'Tyre' });
    expect(tire.statusCode, tire.body).toBe(201);
    expect(tire.json()).toEqual({ _id: expect.any(String), term: 'tire', means: 'tyre' });
    expect((await add({ term: 'sprocket', means: 'cassette' })).statusCode).toBe(201);
    expect((await add({ term: 'bottom bracket', means: 'bb' })).statusCode).toBe(201);
    expect((await list()).map((s) => [s.term, s.means])).toEqual([
      ['bottom bracket', 'bb'],
      ['sprocket', 'cassette'],
      ['tire', 'tyre'],
    ]);
    expect(await latestAudit()).toMatchObject({
      action: 'search_synonym.create',
      targetType: 'search_synonym',
      summary: 'Added the search synonym bottom bracket → bb',
    });
  });

  it('have each term once, whatever its case (409)', async () => {
    await add({ term: 'derailer', means: 'derailleur' });
    expect(refusalOf(await add({ term: 'DERAILER', means: 'mech' }), 409)).toBe(
      'term: derailer is already there, meaning derailleur',
    );
  });

  it('are words or short phrases, never a term meaning itself (400)', async () => {
    expect(refusalOf(await add({ term: 'a  b', means: 'c' }), 400)).toMatch(/^term: /);
    expect(refusalOf(await add({ term: 'one two three four five', means: 'c' }), 400)).toMatch(
      /^term: The term is a word or a short phrase/,
    );
    expect(refusalOf(await add({ term: 'Chain', means: 'chain' }), 400)).toBe(
      'means: A term cannot mean itself',
    );
  });

  it('are deleted by admins, in the audit trail; one not there is a 404', async () => {
    const added = (await add({ term: 'spanner', means: 'wrench' })).json<SearchSynonym>();
    const res = await adminDelete('DELETE /api/search-synonyms/:id', added._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, _id: added._id });
    expect((await list()).some((s) => s.term === 'spanner')).toBe(false);
    expect(await latestAudit()).toMatchObject({
      action: 'search_synonym.delete',
      summary: 'Deleted the search synonym spanner → wrench',
    });
    const again = await adminDelete('DELETE /api/search-synonyms/:id', added._id);
    expect(again.statusCode).toBe(404);
  });

  it('are for admins only: customers hear 403 and visitors 401, reading or writing', async () => {
    const body = { term: 'tube', means: 'inner tube' };
    expect((await inject(ctx.app, 'GET /api/search-synonyms', { as: customer })).statusCode).toBe(
      403,
    );
    expect((await inject(ctx.app, 'GET /api/search-synonyms')).statusCode).toBe(401);
    const asCustomer = await inject(ctx.app, 'POST /api/search-synonyms', { as: customer, body });
    expect(asCustomer.statusCode).toBe(403);
    const [some] = await list();
    const del = await inject(ctx.app, 'DELETE /api/search-synonyms/:id', {
      as: customer,
      params: { id: some!._id },
    });
    expect(del.statusCode).toBe(403);
  });
});
