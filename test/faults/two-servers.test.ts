import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { twoServerShop, withLimit } from './support/fault-test.ts';
import { sleep, type ServerProcess } from './support/server-process.ts';
import { call, placeOrder, productStock, signUp, type Caller } from './support/shop-client.ts';

const ORDERS = 600;
const QUANTITY = 10;
const STOCK = 3000;
const IN_FLIGHT = 40;

const sessionEmail = async (server: ServerProcess, caller: Caller) => {
  const res = await call(server.url, 'GET', '/api/auth/get-session', { cookie: caller.cookie });
  return (res.body as { user?: { email?: string } } | null)?.user?.email;
};

/** A stand-in for Vite's index.html: the servers render their pages into it. */
function webBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'ecparts-faults-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

describe('two server processes on one PostgreSQL, no proxy in front', () => {
  it('share sessions, see each other’s product edits (API and rendered pages) within a second, and never oversell', async (context) => {
    const env = { WEB_DIST_DIR: webBuild() };
    const {
      database,
      servers: [a, b],
      admin,
      product,
    } = await twoServerShop(context, { env, stock: STOCK, lines: 15 });

    // A session made on one is valid on the other, both ways.
    const alice = await signUp(a.url);
    const bob = await signUp(b.url);
    expect(await sessionEmail(b, alice)).toBe(alice.email);
    expect(await sessionEmail(a, bob)).toBe(bob.email);
    expect((await call(b.url, 'GET', `/api/orders?email=${alice.email}`, alice)).status).toBe(200);

    // An edit on one is seen on the other within a second, even after the other has read it.
    const nameOn = async (server: ServerProcess) => {
      const one = await call(server.url, 'GET', `/api/tools/${product._id}`);
      const list = await call(server.url, 'GET', '/api/tools?limit=100');
      const listed = (list.body as { data: { _id: string; name: string }[] }).data.find(
        (p) => p._id === product._id,
      );
      // The shop's page as a signed-out visitor gets it: rendered once, then cached.
      const html = await (await fetch(`${server.url}/shop`)).text();
      const onPage = ['Spoke wrench, 3-way', product.name].find((name) => html.includes(name));
      return [(one.body as { name: string }).name, listed?.name, onPage];
    };
    expect(await nameOn(b)).toEqual([product.name, product.name, product.name]);
    const edit = await call(a.url, 'PATCH', `/api/tools/${product._id}`, {
      cookie: admin.cookie,
      body: { name: 'Spoke wrench, 3-way' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const editedAt = Date.now();
    let seen = await nameOn(b);
    while (seen.some((name) => name !== 'Spoke wrench, 3-way') && Date.now() - editedAt < 1000) {
      await sleep(25);
      seen = await nameOn(b);
    }
    expect(seen, `after ${Date.now() - editedAt} ms`).toEqual([
      'Spoke wrench, 3-way',
      'Spoke wrench, 3-way',
      'Spoke wrench, 3-way',
    ]);

    // Orders split across both, far more than the stock covers: exactly the stock is sold.
    const answers = await withLimit(ORDERS, IN_FLIGHT, (i) =>
      placeOrder(i % 2 === 0 ? a.url : b.url, i % 3 === 0 ? bob : alice, product._id, QUANTITY),
    );
    const statuses = answers.map((r) => r.status);
    const created = statuses.filter((s) => s === 201).length;
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(created).toBe(STOCK / QUANTITY);
    const createdOn = new Set(answers.flatMap((r, i) => (r.status === 201 ? [i % 2] : [])));
    expect(createdOn.size, 'both servers took orders').toBe(2);
    expect(await productStock(a.url, product._id)).toBe(0);
    expect(await productStock(b.url, product._id)).toBe(0);
    const rows = await database.query<{ count: string }>(
      'select count(*) from "order" where product_id = $1',
      [product._id],
    );
    expect(Number(rows[0]?.count)).toBe(created);
  });
});
