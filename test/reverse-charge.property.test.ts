// Issue 31, part 2: reverse charge needs a VAT ID that qualifies, over random shops, buyers and
// destinations (src/contract/tax-rules.ts). Zero-rating needs an EU shop shipping to another EU
// country for a business registered in another member state than the shop: never the shop's own
// VAT ID, never one of the shop's country, and never before the VAT ID is verified.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickTaxRate, taxTreatment, type TaxRateRule } from '../src/contract/tax-rules.ts';

// VAT IDs whose checksums pass, by country, and two that fail theirs.
const VALID: Record<string, string> = {
  NL004495445B01: 'NL',
  NL812345605B01: 'NL',
  BE0412345614: 'BE',
  BE0876543270: 'BE',
  FR40303265045: 'FR',
  DE136695976: 'DE',
  DE812345673: 'DE',
};
const INVALID = ['FR40303265046', 'DE136695977', 'CHE123456789'];
const EU = ['NL', 'BE', 'FR', 'DE'];
const COUNTRIES = [...EU, 'US', 'GB', 'CH'];

// Every EU country has its VAT; the US and GB too; Switzerland none.
const rates: TaxRateRule[] = [
  { country: 'NL', region: null, rateMilli: 21_000, name: 'BTW' },
  { country: 'BE', region: null, rateMilli: 21_000, name: 'BTW' },
  { country: 'FR', region: null, rateMilli: 20_000, name: 'TVA' },
  { country: 'DE', region: null, rateMilli: 19_000, name: 'MwSt' },
  { country: 'US', region: null, rateMilli: 0, name: 'No sales tax' },
  { country: 'GB', region: null, rateMilli: 20_000, name: 'VAT' },
];

const vatIds = fc.constantFrom(...Object.keys(VALID));
/** A VAT ID as people type it: as it is, in lower case, or with spaces and dots. */
const typed = (vatId: fc.Arbitrary<string>) =>
  fc
    .tuple(vatId, fc.constantFrom('as is', 'lower', 'spaced'))
    .map(([id, how]) =>
      how === 'lower'
        ? id.toLowerCase()
        : how === 'spaced'
          ? `${id.slice(0, 2)} ${id.slice(2, 6)}.${id.slice(6)}`
          : id,
    );

const cases = fc.record({
  shopCountry: fc.constantFrom(...COUNTRIES),
  shopVatId: fc.oneof(fc.constant(''), vatIds),
  shipTo: fc.record({ country: fc.constantFrom(...COUNTRIES) }),
  buyer: fc.record({
    vatId: fc.oneof(fc.constant(''), typed(vatIds), fc.constantFrom(...INVALID)),
    vatIdVerified: fc.boolean(),
    taxExempt: fc.boolean(),
  }),
});

const countryOf = (vatId: string) => VALID[vatId.replace(/[\s.]/g, '').toUpperCase()];

describe('the reverse charge over random shops, buyers and destinations', () => {
  it('zero-rates only a verified VAT ID of another member state than the shop’s, shipped to another EU country', () => {
    fc.assert(
      fc.property(cases, (c) => {
        if (taxTreatment({ ...c, rates }).kind !== 'reverseCharge') return;
        const buyerCountry = countryOf(c.buyer.vatId);
        expect(c.buyer.taxExempt).toBe(false);
        expect(c.buyer.vatIdVerified).toBe(true);
        expect(buyerCountry).toBeDefined();
        expect(EU).toContain(c.shopCountry);
        expect(EU).toContain(c.shipTo.country);
        expect(c.shipTo.country).not.toBe(c.shopCountry);
        expect(buyerCountry).not.toBe(c.shopCountry);
        expect(buyerCountry).not.toBe(countryOf(c.shopVatId));
      }),
    );
  });

  it("never zero-rates the shop's own VAT ID, however it is typed", () => {
    fc.assert(
      fc.property(cases, typed(vatIds), (c, own) => {
        const shopVatId = own.replace(/[\s.]/g, '').toUpperCase();
        const buyer = { ...c.buyer, vatId: own, vatIdVerified: true };
        expect(taxTreatment({ ...c, shopVatId, buyer, rates }).kind).not.toBe('reverseCharge');
      }),
    );
  });

  it("never zero-rates a VAT ID of the shop's own country, verified or not", () => {
    fc.assert(
      fc.property(cases, vatIds, fc.boolean(), (c, vatId, vatIdVerified) => {
        // The shop is where the buyer's VAT ID is from.
        const shopCountry = VALID[vatId]!;
        const buyer = { vatId, vatIdVerified, taxExempt: false };
        expect(taxTreatment({ ...c, shopCountry, buyer, rates }).kind).not.toBe('reverseCharge');
      }),
    );
  });

  it('waits for verification: unverified, it charges exactly the destination’s rate and says why; verified, it zero-rates', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const buyer = { ...c.buyer, taxExempt: false };
        const unverified = taxTreatment({ ...c, rates, buyer: { ...buyer, vatIdVerified: false } });
        const verified = taxTreatment({ ...c, rates, buyer: { ...buyer, vatIdVerified: true } });
        const rate = pickTaxRate(rates, c.shipTo);
        expect(unverified).toEqual(
          !rate
            ? { kind: 'none' }
            : {
                kind: 'rate',
                name: rate.name,
                rateMilli: rate.rateMilli,
                // Said exactly when verifying the VAT ID would zero-rate the order.
                ...(verified.kind === 'reverseCharge' ? { vatIdUnverified: true } : {}),
              },
        );
        if (verified.kind !== 'reverseCharge') expect(verified).toEqual(unverified);
      }),
    );
  });
});
