import { afterAll, describe, expect, it } from 'vitest';
import { testDatabase, twoServers } from './support/fault-test.ts';
import { removeDataDirs, type ServerProcess } from './support/server-process.ts';
import { call, signUpAdmin, type Caller, type Reply } from './support/shop-client.ts';

// Issue 32: a part's identity stays unique when two admins file parts at the same moment
// through two server processes on one PostgreSQL: one GTIN, one variant per axis value.

afterAll(removeDataDirs);

const ROUNDS = 12;
/** Valid EAN-13s (check digit included), one a round. */
const gtinOf = (round: number) => {
  const body = `400638133${String(round).padStart(3, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};

async function created(server: ServerProcess, admin: Caller, path: string, body: unknown) {
  const res = await call(server.url, 'POST', path, { cookie: admin.cookie, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string };
}

const part = (sku: string, more: Record<string, unknown>) => ({
  name: `Race tyre ${sku}`,
  sku,
  price: 30,
  stock: 10,
  img: '/images/products/chain-checker.svg',
  ...more,
});

/** Two adds at once, one to each server: their statuses in order, and the refusal's message. */
async function bothAtOnce(servers: ServerProcess[], admin: Caller, bodies: [unknown, unknown]) {
  const replies: Reply[] = await Promise.all(
    bodies.map((body, i) =>
      call(servers[i]!.url, 'POST', '/api/tools', { cookie: admin.cookie, body }),
    ),
  );
  const refused = replies.find((r) => r.status !== 201);
  return {
    statuses: replies.map((r) => r.status).sort(),
    made: replies.find((r) => r.status === 201)?.body as { _id: string } | undefined,
    message: (refused?.body as { message?: string } | undefined)?.message ?? '',
  };
}

describe('parts filed at once through two servers on one PostgreSQL', () => {
  it('take one GTIN once, and the other is refused naming the part that has it', async (context) => {
    const database = await testDatabase(context);
    const servers = await twoServers({ databaseUrl: database.url });
    const admin = await signUpAdmin(servers[0].url);
    for (let round = 0; round < ROUNDS; round++) {
      const gtin = gtinOf(round);
      const { statuses, message } = await bothAtOnce(servers, admin, [
        part(`GT-${round}-A`, { gtin }),
        part(`GT-${round}-B`, { gtin }),
      ]);
      expect(statuses, message).toEqual([201, 409]);
      expect(message).toMatch(
        new RegExp(
          `^GTIN ${gtin} is already used by Race tyre GT-${round}-[AB] \\(SKU GT-${round}-[AB]\\)$`,
        ),
      );
    }
  }, 120_000);

  it('make one variant of a family per axis value, and refuse its twin naming it', async (context) => {
    const database = await testDatabase(context);
    const servers = await twoServers({ databaseUrl: database.url });
    const admin = await signUpAdmin(servers[0].url);
    const tyres = await created(servers[0], admin, '/api/categories', { name: 'Tyres' });
    await created(servers[1], admin, '/api/attributes', {
      key: 'width',
      label: 'Width',
      type: 'number',
      unit: 'in',
      categoryIds: [tyres._id],
    });
    const family = await created(servers[0], admin, '/api/families', {
      name: 'Race tyre',
      axes: ['width'],
    });
    let variant: { _id: string } | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const filing = {
        categoryId: tyres._id,
        familyId: family._id,
        attributes: { width: 2 + round / 10 },
      };
      const { statuses, message, made } = await bothAtOnce(servers, admin, [
        part(`FW-${round}-A`, filing),
        part(`FW-${round}-B`, filing),
      ]);
      variant = made;
      expect(statuses, message).toEqual([201, 409]);
      expect(message).toMatch(
        /^Race tyre FW-\d+-[AB] \(SKU FW-\d+-[AB]\) is already the Race tyre variant with width /,
      );
    }
    // The family holds one variant a width, each once.
    const detail = await call(servers[1].url, 'GET', `/api/tools/${variant!._id}`);
    const widths = (
      detail.body as { family: { variants: { attributes: { width: number } }[] } }
    ).family.variants.map((v) => v.attributes.width);
    expect(widths.sort()).toEqual(Array.from({ length: ROUNDS }, (_, r) => 2 + r / 10).sort());
  }, 120_000);
});
