import { z } from 'zod';
import { findRegion, isCountryCode, isEuCountry, needsRegion } from './countries.ts';
import { checkVatId, sameVatId } from './vat-id.ts';

// Tax is computed in integers only: amounts in cents, rates in milli-percent (20.5% = 20500),
// so 7.25% of $0.99 is decided by exact arithmetic, not by a float that lands a hair under .5.

/** 100% in milli-percent. */
export const FULL_RATE_MILLI = 100_000;

/** A percent (up to 3 decimals, 0..100) as milli-percent; undefined when it is not one. */
export function percentToMilli(percent: number) {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return undefined;
  const milli = Math.round(percent * 1000);
  return Math.abs(milli - percent * 1000) < 1e-6 ? milli : undefined;
}

/** Milli-percent as the API's percent: 20500 → 20.5 (the nearest double to the decimal). */
export const milliToPercent = (milli: number) => milli / 1000;

/** amount × rate, rounded half up to the cent (half away from zero for a negative amount). */
export function taxCents(amountCents: number, rateMilli: number): number {
  if (amountCents < 0) return -taxCents(-amountCents, rateMilli);
  const product = amountCents * rateMilli;
  if (Number.isSafeInteger(product + FULL_RATE_MILLI)) {
    const shifted = product + FULL_RATE_MILLI / 2;
    return (shifted - (shifted % FULL_RATE_MILLI)) / FULL_RATE_MILLI;
  }
  const exact = BigInt(amountCents) * BigInt(rateMilli) + BigInt(FULL_RATE_MILLI / 2);
  return Number(exact / BigInt(FULL_RATE_MILLI));
}

/** A tax rate as the rules use it: `region` null for the whole country. */
export type TaxRateRule = {
  country: string;
  region: string | null;
  rateMilli: number;
  name: string;
};

/** The rate for a place: its region's if there is one, else its country's, else none. */
export function pickTaxRate<R extends TaxRateRule>(
  rates: readonly R[],
  { country, region }: { country: string; region?: string | null },
): R | undefined {
  const inCountry = rates.filter((rate) => rate.country === country);
  const wanted = region?.trim().toUpperCase();
  return (
    (wanted ? inCountry.find((rate) => rate.region?.toUpperCase() === wanted) : undefined) ??
    inCountry.find((rate) => !rate.region)
  );
}

export type TaxTreatment =
  | { kind: 'exempt' }
  | { kind: 'reverseCharge' }
  | {
      kind: 'rate';
      name: string;
      rateMilli: number;
      /** The buyer's VAT ID would zero-rate the order once verified: the checkout says so. */
      vatIdUnverified?: true;
    }
  | { kind: 'none' };

/** The buyer's side of a tax decision. */
export type TaxBuyer = {
  vatId?: string | null;
  /** Confirmed registered (by an admin or VIES); a checksum proves the format only. */
  vatIdVerified: boolean;
  taxExempt: boolean;
};

/**
 * Whether an order is zero-rated under the EU reverse charge: 'applies', 'unverified' (it
 * would, once the VAT ID is verified) or 'no'. It needs an EU shop shipping to another EU
 * country, and a business registered in another member state than the shop: a checksum-valid
 * VAT ID that is neither the shop's own nor of the shop's country (by its address or its own
 * VAT ID), and verified.
 */
export function reverseChargeStanding({
  shopCountry,
  shopVatId,
  shipTo,
  buyer,
}: {
  shopCountry: string;
  /** '' when the shop has none. */
  shopVatId: string;
  shipTo: { country: string };
  buyer: Pick<TaxBuyer, 'vatId' | 'vatIdVerified'>;
}): 'applies' | 'unverified' | 'no' {
  if (!isEuCountry(shopCountry) || !isEuCountry(shipTo.country)) return 'no';
  if (shipTo.country === shopCountry || !buyer.vatId) return 'no';
  const vatId = checkVatId(buyer.vatId);
  if (!vatId.valid || !vatId.country || sameVatId(buyer.vatId, shopVatId)) return 'no';
  const shopVatCountry = shopVatId ? checkVatId(shopVatId).country : undefined;
  if (vatId.country === shopCountry || vatId.country === shopVatCountry) return 'no';
  return buyer.vatIdVerified ? 'applies' : 'unverified';
}

/**
 * How an order is taxed: an exempt account pays none; an order the reverse charge zero-rates
 * (reverseChargeStanding) pays none; otherwise the ship-to address's rate (saying when a
 * verified VAT ID would have zero-rated it), or none when there is no rate for it.
 */
export function taxTreatment({
  shopCountry,
  shopVatId,
  shipTo,
  rates,
  buyer,
}: {
  shopCountry: string;
  shopVatId: string;
  shipTo: { country: string; region?: string | null };
  rates: readonly TaxRateRule[];
  buyer: TaxBuyer;
}): TaxTreatment {
  if (buyer.taxExempt) return { kind: 'exempt' };
  const reverseCharge = reverseChargeStanding({ shopCountry, shopVatId, shipTo, buyer });
  if (reverseCharge === 'applies') return { kind: 'reverseCharge' };
  const rate = pickTaxRate(rates, shipTo);
  if (!rate) return { kind: 'none' };
  return {
    kind: 'rate',
    name: rate.name,
    rateMilli: rate.rateMilli,
    ...(reverseCharge === 'unverified' ? { vatIdUnverified: true as const } : {}),
  };
}

export const taxRate = z.object({
  _id: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  region: z.string().nullable().describe('null: the whole country'),
  rate: z.number().describe('percent, up to 3 decimals'),
  name: z.string().describe('as invoices print it, e.g. "VAT" or "CA sales tax"'),
});
export type TaxRate = z.infer<typeof taxRate>;

export const taxRateList = z.object({ data: z.array(taxRate) });
export type TaxRateList = z.infer<typeof taxRateList>;

/** POST and PUT /tax-rates. */
export const taxRateInput = z
  .object({
    country: z
      .string({ error: 'Choose the country' })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, 'Choose a country from the list'),
    region: z
      .string()
      .trim()
      .max(60, 'Region is too long (60 characters at most)')
      .nullish()
      .transform((region) => (region ? region : null)),
    rate: z
      .number({ error: 'Enter the rate in percent' })
      .min(0, 'Rate must be between 0 and 100 percent')
      .max(100, 'Rate must be between 0 and 100 percent')
      .refine((rate) => percentToMilli(rate) !== undefined, 'Rate has at most 3 decimals'),
    name: z
      .string({ error: 'Enter the name of the tax' })
      .trim()
      .min(1, 'Enter the name of the tax')
      .max(60, 'Name is too long (60 characters at most)'),
  })
  .overwrite((input) => {
    // A US state or Canadian province given by name is kept by its code.
    const region = input.region === null ? undefined : findRegion(input.country, input.region);
    return region ? { ...input, region: region.code } : input;
  })
  .superRefine(({ country, region }, ctx) => {
    if (region !== null && needsRegion(country) && !findRegion(country, region)) {
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: `Region must be a ${country === 'CA' ? 'province' : 'state'} code, like ${country === 'CA' ? 'ON' : 'CA'}`,
      });
    }
  });
export type TaxRateInput = z.infer<typeof taxRateInput>;
