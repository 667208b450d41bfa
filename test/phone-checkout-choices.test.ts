import { describe, expect, it } from 'vitest';
import type { Address } from '../src/contract/addresses.ts';
import type { CartLine } from '../src/contract/cart.ts';
import { cartViewOf, visibleLines } from '../src/web/features/cart/cart-fold.ts';
import { billingIdOf, billingOf, choiceOf } from '../src/web/features/checkout/api.ts';

// Issue 35, "Phone checkout": which cart lines the page draws, and where the checkout bills.

const line = (i: number) =>
  ({ productId: `p${i}`, sku: `ECP-${i}`, name: `Part number ${i}` }) as CartLine;
const lines = Array.from({ length: 40 }, (_, i) => line(i + 1));

const address = (id: string, flags: Partial<Address> = {}) =>
  ({ _id: id, isDefaultShipping: false, isDefaultBilling: false, ...flags }) as Address;

describe('the cart page', () => {
  it('draws the first 10 of 40 lines, and all of them when asked', () => {
    const folded = visibleLines(lines, cartViewOf(new URLSearchParams()));
    expect(folded.shown.map((l) => l.sku)).toEqual(lines.slice(0, 10).map((l) => l.sku));
    expect(folded.hidden).toBe(30);
    expect(visibleLines(lines, cartViewOf(new URLSearchParams('all=1')))).toEqual({
      shown: lines,
      hidden: 0,
    });
    expect(visibleLines(lines.slice(0, 10), { q: '', all: false }).hidden).toBe(0);
  });

  it('finds lines by SKU or name in any case, folded or not', () => {
    const bySku = visibleLines(lines, cartViewOf(new URLSearchParams('q=ecp-35')));
    expect(bySku).toEqual({ shown: [line(35)], hidden: 0 });
    const byName = visibleLines(lines, { q: 'NUMBER 3', all: false });
    expect(byName.shown.map((l) => l.sku)).toEqual(
      [3, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39].map((i) => `ECP-${i}`),
    );
    expect(visibleLines(lines, { q: 'chain', all: true }).shown).toEqual([]);
  });
});

describe('the checkout billing choice', () => {
  const workshop = address('workshop', { isDefaultShipping: true, isDefaultBilling: true });
  const office = address('office');
  const book = [workshop, office];

  it('bills to the ship-to address by default, and sends its id so no other default is used', () => {
    const billing = billingOf(book, undefined, workshop);
    expect(billing).toEqual({ same: true });
    expect(billingIdOf(billing, workshop)).toBe('workshop');
    expect(billingOf(book, 'same', workshop)).toEqual({ same: true });
  });

  it('bills to the default billing address when it is not the ship-to one, unticked', () => {
    const split = [
      address('home', { isDefaultShipping: true }),
      address('hq', { isDefaultBilling: true }),
    ];
    const billing = billingOf(split, undefined, split[0]);
    expect(billing).toEqual({ same: false, billTo: split[1] });
    expect(billingIdOf(billing, split[0])).toBe('hq');
    // Ticked, it bills to the ship-to address after all.
    expect(billingIdOf(billingOf(split, 'same', split[0]), split[0])).toBe('home');
  });

  it('unticked, offers the other addresses, picks one, and waits for one when there is none', () => {
    expect(billingOf(book, 'other', workshop)).toEqual({ same: false, billTo: office });
    expect(billingOf(book, 'office', workshop)).toEqual({ same: false, billTo: office });
    // The ship-to address itself is "the same address".
    expect(billingOf(book, 'workshop', workshop)).toEqual({ same: true });
    const alone = billingOf([workshop], 'other', workshop);
    expect(alone).toEqual({ same: false, billTo: undefined });
    expect(billingIdOf(alone, workshop)).toBeUndefined();
  });

  it('reads the first billing value of the address, as the billing form sends the box first', () => {
    expect(choiceOf(new URLSearchParams('billingAddressId=same&billingAddressId=other'))).toEqual({
      shippingAddressId: undefined,
      shippingMethodId: undefined,
      billingAddressId: 'same',
    });
    expect(choiceOf(new URLSearchParams('billingAddressId=other')).billingAddressId).toBe('other');
  });
});
