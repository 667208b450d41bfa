import { describe, expect, it } from 'vitest';
import {
  cheapestOffered,
  kgText,
  offeredMethods,
  servesCountry,
  shippingChoices,
  shippingMethodInput,
  shippingPriceCents,
  tooHeavyReason,
  type ShippingMethodCents,
} from '../src/contract/shipping-rules.ts';
import {
  milliToPercent,
  percentToMilli,
  pickTaxRate,
  taxCents,
  taxRateInput,
  taxTreatment,
  type TaxBuyer,
  type TaxRateRule,
} from '../src/contract/tax-rules.ts';
import { checkVatId, taxDetailsInput, taxExemptInput } from '../src/contract/vat-id.ts';

const rates: TaxRateRule[] = [
  { country: 'US', region: null, rateMilli: 0, name: 'No sales tax' },
  { country: 'US', region: 'CA', rateMilli: 7_250, name: 'CA sales tax' },
  { country: 'US', region: 'NY', rateMilli: 8_875, name: 'NY sales tax' },
  { country: 'DE', region: null, rateMilli: 19_000, name: 'VAT' },
  { country: 'FR', region: null, rateMilli: 20_000, name: 'TVA' },
];

const business = { vatId: 'FR40303265045', vatIdVerified: true, taxExempt: false };
const consumer = { vatId: '', vatIdVerified: false, taxExempt: false };

/** How an order from a shop in `shopCountry` (no VAT ID of its own) to `shipTo` is taxed. */
const treat = (
  shopCountry: string,
  shipTo: { country: string; region?: string },
  buyer: TaxBuyer = business,
) => taxTreatment({ shopCountry, shopVatId: '', shipTo, rates, buyer });

describe('tax rates by destination', () => {
  it("takes the region's rate before the country's", () => {
    expect(pickTaxRate(rates, { country: 'US', region: 'CA' })?.name).toBe('CA sales tax');
    expect(pickTaxRate(rates, { country: 'US', region: 'OR' })?.name).toBe('No sales tax');
    expect(pickTaxRate(rates, { country: 'DE', region: '' })?.name).toBe('VAT');
  });

  it('finds no rate, and charges no tax, where none is kept', () => {
    expect(pickTaxRate(rates, { country: 'JP', region: '' })).toBeUndefined();
    expect(treat('DE', { country: 'JP' }, consumer)).toEqual({ kind: 'none' });
  });

  it('reverse charges a business in another EU country with a valid, verified VAT ID', () => {
    expect(treat('DE', { country: 'FR' })).toEqual({ kind: 'reverseCharge' });
  });

  it("charges the destination's rate when any condition of reverse charge is missing", () => {
    const tva = { kind: 'rate', name: 'TVA', rateMilli: 20_000 };
    // Same country as the shop: domestic VAT.
    expect(treat('FR', { country: 'FR' })).toEqual(tva);
    // No VAT ID, or one that fails its checksum.
    expect(treat('DE', { country: 'FR' }, consumer)).toEqual(tva);
    expect(treat('DE', { country: 'FR' }, { ...business, vatId: 'FR40303265046' })).toEqual(tva);
    // The shop is outside the EU.
    expect(treat('US', { country: 'FR' })).toEqual(tva);
    // The destination is outside the EU: its own rate, or none.
    expect(treat('DE', { country: 'US', region: 'NY' })).toEqual({
      kind: 'rate',
      name: 'NY sales tax',
      rateMilli: 8_875,
    });
    expect(treat('DE', { country: 'CH' })).toEqual({ kind: 'none' });
  });

  it('lets a tax-exempt account pay no tax, whatever else holds', () => {
    for (const shipTo of [{ country: 'FR' }, { country: 'US', region: 'CA' }]) {
      expect(treat('DE', shipTo, { ...business, taxExempt: true })).toEqual({ kind: 'exempt' });
    }
  });

  it('keeps rates exactly as milli-percent and refuses more than 3 decimals', () => {
    expect(percentToMilli(20.5)).toBe(20_500);
    expect(percentToMilli(7.255)).toBe(7_255);
    expect(percentToMilli(8.875)).toBe(8_875);
    expect(percentToMilli(7.2555)).toBeUndefined();
    expect(percentToMilli(100.001)).toBeUndefined();
    expect(percentToMilli(-1)).toBeUndefined();
    expect(milliToPercent(7_255)).toBe(7.255);
    expect(taxCents(1_000, 7_255)).toBe(73); // 72.55 cents rounds up
    expect(taxCents(1_000, 7_245)).toBe(72); // 72.45 cents rounds down
  });

  it('checks a tax rate as admins enter it, naming the field at fault', () => {
    expect(
      taxRateInput.parse({ country: 'us', region: 'new york', rate: 8.875, name: 'NY' }),
    ).toEqual({ country: 'US', region: 'NY', rate: 8.875, name: 'NY' });
    expect(
      taxRateInput.parse({ country: 'DE', region: '', rate: 19, name: 'VAT' }).region,
    ).toBeNull();
    const bad = taxRateInput.safeParse({
      country: 'US',
      region: 'Atlantis',
      rate: 7.2555,
      name: '',
    });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'name',
      'rate',
      'region',
    ]);
  });
});

describe('VAT IDs, checked offline', () => {
  it('accepts real numbers in their usual spellings and keeps them normalised', () => {
    expect(checkVatId('DE136695976')).toEqual({
      valid: true,
      normalised: 'DE136695976',
      country: 'DE',
    });
    expect(checkVatId('atu 135.856-27')).toMatchObject({ valid: true, normalised: 'ATU13585627' });
    expect(checkVatId('NL004495445B01').valid).toBe(true);
    expect(checkVatId('EL094259216')).toMatchObject({ valid: true, country: 'GR' });
  });

  it('refuses a wrong checksum, a non-EU number and nonsense', () => {
    expect(checkVatId('DE136695977').valid).toBe(false);
    expect(checkVatId('CHE123456788').valid).toBe(false);
    expect(checkVatId('hello').valid).toBe(false);
    expect(checkVatId('').valid).toBe(false);
  });

  it('takes no VAT ID or a valid one on the profile, and refuses an invalid one by name', () => {
    expect(taxDetailsInput.parse({ companyName: ' Spoke ', vatId: '' })).toEqual({
      companyName: 'Spoke',
      vatId: '',
    });
    expect(taxDetailsInput.parse({ vatId: 'de 136 695 976' }).vatId).toBe('DE136695976');
    const bad = taxDetailsInput.safeParse({ vatId: 'DE136695977' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['vatId', 'Enter a valid EU VAT ID, like DE136695976'],
    ]);
  });

  it('wants a certificate when an account is made tax-exempt', () => {
    expect(taxExemptInput.parse({ exempt: true, certificate: 'CA-RESALE-123' }).exempt).toBe(true);
    expect(taxExemptInput.parse({ exempt: false, certificate: '' }).exempt).toBe(false);
    expect(
      taxExemptInput.safeParse({ exempt: true, certificate: ' ' }).error?.issues[0]?.path,
    ).toEqual(['certificate']);
  });
});

const method = (over: Partial<ShippingMethodCents>): ShippingMethodCents => ({
  id: 'm',
  name: 'Standard',
  countries: ['*'],
  rate: { kind: 'flat', priceCents: 1_500 },
  freeOverCents: null,
  freeOverUpToGrams: null,
  deliveryDays: { min: 3, max: 5 },
  ...over,
});

const byWeight = method({
  id: 'weight',
  name: 'Standard',
  rate: {
    kind: 'weight',
    bands: [
      { upToGrams: 1_000, priceCents: 800 },
      { upToGrams: 5_000, priceCents: 1_400 },
      { upToGrams: 20_000, priceCents: 3_900 },
    ],
  },
});

describe('shipping methods', () => {
  it('prices by the first weight band the cart fits in', () => {
    const cart = (weightGrams: number) => ({ subtotalCents: 10_000, weightGrams });
    expect(shippingPriceCents(byWeight, cart(0))).toBe(800);
    expect(shippingPriceCents(byWeight, cart(1_000))).toBe(800);
    expect(shippingPriceCents(byWeight, cart(1_001))).toBe(1_400);
    expect(shippingPriceCents(byWeight, cart(20_000))).toBe(3_900);
  });

  it('does not offer a method whose bands the cart outweighs', () => {
    const heavy = { country: 'US', subtotalCents: 10_000, weightGrams: 20_001 };
    expect(shippingPriceCents(byWeight, heavy)).toBeUndefined();
    expect(offeredMethods([byWeight], heavy)).toEqual([]);
  });

  it('says why a method too heavy for the order is not offered: "Standard ships up to 30 kg; this order weighs 41.2 kg"', () => {
    const standard = method({
      rate: { kind: 'weight', bands: [{ upToGrams: 30_000, priceCents: 3_900 }] },
    });
    const cart = { country: 'US', subtotalCents: 10_000, weightGrams: 41_200 };
    expect(shippingChoices([standard], cart)).toEqual({
      offered: [],
      tooHeavy: [{ method: standard, maxGrams: 30_000 }],
    });
    expect(tooHeavyReason('Standard', 30_000, 41_200)).toBe(
      'Standard ships up to 30 kg; this order weighs 41.2 kg',
    );
    expect(kgText(30_001)).toBe('30.001 kg');
    expect(kgText(1_250_500)).toBe('1,250.5 kg');
    expect(kgText(0)).toBe('0 kg');
  });

  it('carries heavier orders at its per-kg rate above the last band: each kg or part of one', () => {
    const perKg = method({
      rate: {
        kind: 'weight',
        bands: [{ upToGrams: 30_000, priceCents: 3_900 }],
        perKgAboveCents: 120,
      },
    });
    const at = (weightGrams: number) =>
      shippingPriceCents(perKg, { subtotalCents: 10_000, weightGrams });
    expect(at(30_000)).toBe(3_900);
    expect(at(30_001)).toBe(4_020);
    expect(at(31_000)).toBe(4_020);
    // 41.2 kg: 12 kg started above 30 kg.
    expect(at(41_200)).toBe(3_900 + 12 * 120);
  });

  it('ships free over the amount whatever the weight, unless the method limits it by weight', () => {
    const bands = { kind: 'weight' as const, bands: [{ upToGrams: 30_000, priceCents: 3_900 }] };
    const anyWeight = method({ rate: bands, freeOverCents: 50_000 });
    const limited = method({ rate: bands, freeOverCents: 50_000, freeOverUpToGrams: 40_000 });
    const heavy = { subtotalCents: 60_000, weightGrams: 41_200 };
    expect(shippingPriceCents(anyWeight, heavy)).toBe(0);
    expect(shippingPriceCents(limited, heavy)).toBeUndefined();
    expect(shippingPriceCents(limited, { ...heavy, weightGrams: 40_000 })).toBe(0);
    expect(shippingPriceCents(limited, { ...heavy, weightGrams: 20_000 })).toBe(0);
    const flat = method({ freeOverCents: 50_000, freeOverUpToGrams: 40_000 });
    expect(shippingPriceCents(flat, heavy)).toBe(1_500);
  });

  it('ships free from the free-over subtotal up', () => {
    const freeOver500 = method({ freeOverCents: 50_000 });
    expect(shippingPriceCents(freeOver500, { subtotalCents: 49_999, weightGrams: 0 })).toBe(1_500);
    expect(shippingPriceCents(freeOver500, { subtotalCents: 50_000, weightGrams: 0 })).toBe(0);
  });

  it("serves every country with ['*'], and only its own otherwise", () => {
    expect(servesCountry(method({ countries: ['*'] }), 'JP')).toBe(true);
    expect(servesCountry(method({ countries: ['US', 'CA'] }), 'CA')).toBe(true);
    expect(servesCountry(method({ countries: ['US', 'CA'] }), 'DE')).toBe(false);
  });

  it('offers the cheapest first, then the fastest, and picks the cheapest', () => {
    const express = method({
      id: 'express',
      name: 'Express',
      deliveryDays: { min: 1, max: 2 },
      rate: { kind: 'flat', priceCents: 2_500 },
    });
    const usOnly = method({
      id: 'us',
      name: 'Ground',
      countries: ['US'],
      rate: { kind: 'flat', priceCents: 500 },
    });
    const sameAsWeightFaster = method({
      id: 'fast',
      name: 'Zoom',
      deliveryDays: { min: 1, max: 1 },
      rate: { kind: 'flat', priceCents: 1_400 },
    });
    const cart = { country: 'DE', subtotalCents: 10_000, weightGrams: 3_000 };
    expect(offeredMethods([express, usOnly, byWeight, sameAsWeightFaster], cart)).toEqual([
      { method: sameAsWeightFaster, priceCents: 1_400 },
      { method: byWeight, priceCents: 1_400 },
      { method: express, priceCents: 2_500 },
    ]);
    expect(cheapestOffered([express, usOnly], { ...cart, country: 'US' })?.method.id).toBe('us');
    expect(cheapestOffered([usOnly], cart)).toBeUndefined();
  });

  it('checks a method as admins enter it: bands ascending, countries known, one number of days', () => {
    expect(
      shippingMethodInput.parse({
        name: 'Express',
        countries: ['us', 'CA'],
        rate: { kind: 'flat', price: 25 },
        deliveryDays: 2,
      }),
    ).toEqual({
      name: 'Express',
      countries: ['US', 'CA'],
      rate: { kind: 'flat', price: 25 },
      freeOver: null,
      freeOverUpToGrams: null,
      deliveryDays: { min: 2, max: 2 },
    });
    const bad = shippingMethodInput.safeParse({
      name: 'Standard',
      countries: ['*', 'US'],
      rate: {
        kind: 'weight',
        bands: [
          { upToGrams: 5_000, price: 14 },
          { upToGrams: 1_000, price: 8 },
        ],
      },
      freeOver: 500.001,
      deliveryDays: { min: 5, max: 3 },
    });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'countries.0',
      'deliveryDays.max',
      'freeOver',
      'rate.bands.1.upToGrams',
    ]);
  });

  it('takes a per-kg rate above the last band, and a weight limit only on a free-over amount', () => {
    const standard = {
      name: 'Standard',
      countries: ['*'],
      rate: { kind: 'weight', bands: [{ upToGrams: 30_000, price: 39 }], perKgAbove: 1.2 },
      deliveryDays: 3,
    };
    expect(shippingMethodInput.parse(standard).rate).toEqual(standard.rate);
    const issues = (input: object) =>
      shippingMethodInput.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...standard, rate: { ...standard.rate, perKgAbove: -1 } })).toEqual([
      ['rate.perKgAbove', 'Per kg above the last band cannot be negative'],
    ]);
    expect(issues({ ...standard, freeOverUpToGrams: 40_000 })).toEqual([
      [
        'freeOverUpToGrams',
        'Free only up to a weight needs a free-over amount: enter one, or clear the weight',
      ],
    ]);
    expect(issues({ ...standard, freeOver: 500, freeOverUpToGrams: 0.5 })).toEqual([
      ['freeOverUpToGrams', 'Free only up to: a whole number of grams'],
    ]);
    expect(
      shippingMethodInput.parse({ ...standard, freeOver: 500, freeOverUpToGrams: 40_000 }),
    ).toMatchObject({ freeOver: 500, freeOverUpToGrams: 40_000 });
  });
});
