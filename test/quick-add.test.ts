import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cart, QuickAddResult } from '../src/contract/cart.ts';
import { signUp } from './support/auth.ts';
import { insertBrakePads, insertProduct, ladderInCents } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: ReturnType<typeof asCustomer>;
let parts: Record<
  'checker' | 'spokes' | 'pads' | 'gone',
  Awaited<ReturnType<typeof insertProduct>>
>;

beforeAll(async () => {
  ctx = await makeTestApp();
  alice = asCustomer(ctx.app, await signUp(ctx.app, { name: 'Alice Wheel' }));
  parts = {
    checker: await insertProduct(ctx.db, {
      sku: 'CWC-01',
      name: 'Chain Wear Checker',
      priceCents: 333,
      stock: 400,
      tiers: ladderInCents([10, 333], [50, 299]),
    }),
    spokes: await insertProduct(ctx.db, {
      sku: 'SPK-262',
      name: 'Spoke 2.0 x 262',
      priceCents: 45,
      moq: 36,
      packSize: 36,
      stock: 720,
      tiers: ladderInCents([36, 45]),
    }),
    pads: await insertBrakePads(ctx.db, { sku: 'BRK-PAD-5' }),
    gone: await insertProduct(ctx.db, { sku: 'OUT-1', name: 'Sold Out Tool', stock: 0 }),
  };
});
afterAll(() => ctx.app.close());
beforeEach(() => alice.emptyCart());

const added = async (text: string) => {
  const res = await alice.quickAdd(text);
  expect(res.statusCode).toBe(200);
  return res.json<QuickAddResult>();
};

const replaced = async (text: string) => {
  const res = await inject(ctx.app, 'POST /api/cart/quick-add', {
    body: { text, mode: 'replace' },
    as: alice,
  });
  expect(res.statusCode).toBe(200);
  return res.json<QuickAddResult>();
};

const linesOf = (cart: Cart) => cart.lines.map((l) => [l.sku, l.quantity]);

/** A pasted line's result; its figures are [asked, added, now in the cart]. */
const pasted = (
  line: number,
  sku: string,
  status: 'added' | 'adjusted',
  [asked, quantity, inCart]: [number, number, number],
  message: string,
) => ({ line, sku, status, asked, quantity, inCart, message });

describe('quick order', () => {
  it('adds lines pasted with spaces, tabs, commas or semicolons, whatever the SKU’s case', async () => {
    const { outcome, results, cart } = await added('cwc-01 20\nSPK-262\t72\r\nbrk-pad-5, 15\n');
    expect(outcome).toBe('added');
    expect(results).toEqual([
      pasted(1, 'CWC-01', 'added', [20, 20, 20], 'Added'),
      pasted(2, 'SPK-262', 'added', [72, 72, 72], 'Added'),
      pasted(3, 'BRK-PAD-5', 'added', [15, 15, 15], 'Added'),
    ]);
    expect(cart.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['CWC-01', 20],
      ['SPK-262', 72],
      ['BRK-PAD-5', 15],
    ]);
    expect(cart.total).toBe(66.6 + 32.4 + 31.5);
  });

  it('reads a CSV file with a header row and quoted cells, and skips blank lines', async () => {
    const csv = 'sku,quantity\r\n"CWC-01","50"\r\n\r\n"SPK-262";36\r\n';
    const { results, cart } = await added(csv);
    expect(results.map((r) => [r.line, r.sku, r.status, r.quantity])).toEqual([
      [2, 'CWC-01', 'added', 50],
      [4, 'SPK-262', 'added', 36],
    ]);
    expect(cart.lines.find((l) => l.sku === 'CWC-01')?.unitPrice).toBe(2.99);
  });

  it('raises a quantity to the minimum or to the next pack, and says so', async () => {
    const { results, cart } = await added('SPK-262 10\nBRK-PAD-5 12\nCWC-01 3');
    expect(results).toEqual([
      pasted(1, 'SPK-262', 'adjusted', [10, 36, 36], 'Raised to the minimum of 36'),
      pasted(2, 'BRK-PAD-5', 'adjusted', [12, 15, 15], 'Raised to 15: sold in packs of 5'),
      pasted(3, 'CWC-01', 'adjusted', [3, 10, 10], 'Raised to the minimum of 10'),
    ]);
    expect(cart.lines.map((l) => l.quantity)).toEqual([36, 15, 10]);
  });

  it('fails a line on its own: unknown SKU, bad quantity, out of stock, more than in stock', async () => {
    const { results, cart } = await added(
      ['NOPE-9 10', 'CWC-01 ten', 'CWC-01', 'OUT-1 10', 'BRK-PAD-5 100', 'CWC-01 12'].join('\n'),
    );
    expect(results.map((r) => [r.line, r.status, r.quantity, r.message])).toEqual([
      [1, 'error', null, 'No part has the SKU NOPE-9'],
      [2, 'error', null, '"ten" is not a whole number of pieces'],
      [3, 'error', null, 'Give a quantity after the SKU'],
      [4, 'error', null, 'Out of stock'],
      [5, 'error', null, 'Only 60 in stock'],
      [6, 'added', 12, 'Added'],
    ]);
    expect(cart.lines.map((l) => [l.sku, l.quantity])).toEqual([['CWC-01', 12]]);
  });

  it('adds on top of what the cart already holds, also for a SKU pasted twice', async () => {
    await alice.setLine(parts.checker.id, 30);
    const { results, cart } = await added('CWC-01 15\ncwc-01 5');
    expect(results.map((r) => [r.asked, r.quantity, r.inCart])).toEqual([
      [15, 15, 45],
      [5, 5, 50],
    ]);
    expect(cart.lines.map((l) => [l.sku, l.quantity, l.unitPrice])).toEqual([['CWC-01', 50, 2.99]]);
  });

  it('shows a raised line as asked, added and held, naming what the cart already held', async () => {
    await alice.setLine(parts.pads.id, 15);
    const { results, cart } = await added('BRK-PAD-5 12');
    expect(results).toEqual([
      pasted(
        1,
        'BRK-PAD-5',
        'adjusted',
        [12, 15, 30],
        '15 in your cart + 12 = 27. Raised to 30: sold in packs of 5',
      ),
    ]);
    expect(linesOf(cart)).toEqual([['BRK-PAD-5', 30]]);
  });

  it('refuses an empty paste and a paste too long', async () => {
    expect((await alice.quickAdd('   \n ')).statusCode).toBe(400);
    const tooLong = await alice.quickAdd('CWC-01 10 '.repeat(5001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('Paste at most 50,000 characters');
    expect((await alice.cart()).json<Cart>().lines).toEqual([]);
  });
});

describe('quick order replacing the cart', () => {
  it('adds a corrected paste on top by default, doubling the lines, and says it added', async () => {
    await added('CWC-01 20\nSPK-262 72');
    const again = await added('CWC-01 20\nSPK-262 72');
    expect(again.outcome).toBe('added');
    expect(linesOf(again.cart)).toEqual([
      ['CWC-01', 40],
      ['SPK-262', 144],
    ]);
  });

  it('replaces the whole cart with the pasted lines, and says it replaced it', async () => {
    await added('CWC-01 20\nSPK-262 72\nBRK-PAD-5 15');
    const { outcome, results, cart } = await replaced('SPK-262 36\ncwc-01 20\nNOPE-1 10');
    expect(outcome).toBe('replaced');
    expect(results.map((r) => [r.sku, r.status, r.asked, r.inCart])).toEqual([
      ['SPK-262', 'added', 36, 36],
      ['CWC-01', 'added', 20, 20],
      ['NOPE-1', 'error', 10, null],
    ]);
    // Only the pasted lines, in the pasted order: the brake pads are gone, nothing doubled.
    expect(linesOf(cart)).toEqual([
      ['SPK-262', 36],
      ['CWC-01', 20],
    ]);
    expect(linesOf((await alice.cart()).json<Cart>())).toEqual(linesOf(cart));
  });

  it('raises replacing lines as adding ones are, counting only the new lines', async () => {
    await added('BRK-PAD-5 15');
    const { results, cart } = await replaced('BRK-PAD-5 12\nbrk-pad-5 5');
    expect(results.map((r) => [r.status, r.asked, r.quantity, r.inCart, r.message])).toEqual([
      ['adjusted', 12, 15, 15, 'Raised to 15: sold in packs of 5'],
      ['added', 5, 5, 20, 'Added'],
    ]);
    expect(linesOf(cart)).toEqual([['BRK-PAD-5', 20]]);
  });

  it('leaves the cart as it was when no pasted line can go in, and says nothing changed', async () => {
    await added('CWC-01 20\nSPK-262 72');
    const { outcome, results, cart } = await replaced('NOPE-1 10\nOUT-1 10');
    expect(outcome).toBe('unchanged');
    expect(results.map((r) => r.status)).toEqual(['error', 'error']);
    expect(linesOf(cart)).toEqual([
      ['CWC-01', 20],
      ['SPK-262', 72],
    ]);
    expect((await added('NOPE-1 10')).outcome).toBe('unchanged');
  });

  it('refuses a mode it does not know', async () => {
    const res = await inject(ctx.app, 'POST /api/cart/quick-add', {
      payload: { text: 'CWC-01 10', mode: 'merge' },
      as: alice,
    });
    expect(res.statusCode).toBe(400);
    expect((await alice.cart()).json<Cart>().lines).toEqual([]);
  });

  it('replaces in one step: adds at the same moment land wholly before or wholly after it', async () => {
    for (let round = 0; round < 5; round++) {
      await alice.emptyCart();
      await alice.setLine(parts.pads.id, 15);
      const [replace, add] = await Promise.all([
        inject(ctx.app, 'POST /api/cart/quick-add', {
          body: { text: 'CWC-01 20', mode: 'replace' },
          as: alice,
        }),
        alice.addToLine(parts.pads.id, 10),
      ]);
      expect(replace.statusCode).toBe(200);
      expect(add.statusCode).toBe(200);
      const final = linesOf((await alice.cart()).json<Cart>());
      // The add came first and was replaced away, or came after the replace and starts a line.
      expect([
        [['CWC-01', 20]],
        [
          ['CWC-01', 20],
          ['BRK-PAD-5', 10],
        ],
      ]).toContainEqual(final);
    }
  });
});
