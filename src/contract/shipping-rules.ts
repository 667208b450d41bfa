import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { dollarsField } from './dollars.ts';
import { centsToDollars, dollarsToCents } from './money.ts';

/** A weight band: carts up to this many grams ship at this price. */
export type WeightBandCents = { upToGrams: number; priceCents: number };

export type ShippingRateCents =
  { kind: 'flat'; priceCents: number } | { kind: 'weight'; bands: WeightBandCents[] };

/** A shipping method as the rules use it; `countries` ['*'] serves everywhere. */
export type ShippingMethodCents = {
  id: string;
  name: string;
  countries: string[];
  rate: ShippingRateCents;
  freeOverCents: number | null;
  deliveryDays: { min: number; max: number };
};

export type CartForShipping = { subtotalCents: number; weightGrams: number };

/**
 * What the method charges for this cart: nothing from its free-over subtotal up; its flat
 * price; or the price of the first band (by weight) the cart fits in. Undefined when the cart
 * outweighs every band: the method is not offered.
 */
export function shippingPriceCents(
  method: Pick<ShippingMethodCents, 'rate' | 'freeOverCents'>,
  { subtotalCents, weightGrams }: CartForShipping,
) {
  if (method.rate.kind === 'weight') {
    const bands = [...method.rate.bands].sort((a, b) => a.upToGrams - b.upToGrams);
    const band = bands.find((b) => weightGrams <= b.upToGrams);
    if (!band) return undefined;
    if (method.freeOverCents !== null && subtotalCents >= method.freeOverCents) return 0;
    return band.priceCents;
  }
  if (method.freeOverCents !== null && subtotalCents >= method.freeOverCents) return 0;
  return method.rate.priceCents;
}

export const servesCountry = (method: Pick<ShippingMethodCents, 'countries'>, country: string) =>
  method.countries.includes('*') || method.countries.includes(country);

export type OfferedMethod<M extends ShippingMethodCents = ShippingMethodCents> = {
  method: M;
  priceCents: number;
};

/** The methods a cart can ship by to a country, cheapest first, then fastest, then by name. */
export function offeredMethods<M extends ShippingMethodCents>(
  methods: readonly M[],
  { country, ...cart }: CartForShipping & { country: string },
): OfferedMethod<M>[] {
  const offered: OfferedMethod<M>[] = [];
  for (const method of methods) {
    if (!servesCountry(method, country)) continue;
    const priceCents = shippingPriceCents(method, cart);
    if (priceCents !== undefined) offered.push({ method, priceCents });
  }
  return offered.sort(
    (a, b) =>
      a.priceCents - b.priceCents ||
      a.method.deliveryDays.max - b.method.deliveryDays.max ||
      a.method.name.localeCompare(b.method.name, 'en'),
  );
}

/** The cheapest method offered, as the one-line order picks it; undefined when none is. */
export const cheapestOffered = <M extends ShippingMethodCents>(
  methods: readonly M[],
  cart: CartForShipping & { country: string },
): OfferedMethod<M> | undefined => offeredMethods(methods, cart)[0];

const MAX_DELIVERY_DAYS = 90;

const days = (label: string) =>
  z
    .number({ error: `${label}: enter a whole number of days` })
    .int(`${label}: enter a whole number of days`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_DELIVERY_DAYS, `${label} must be at most ${MAX_DELIVERY_DAYS} days`);

/** How many working days delivery takes, as buyers are shown it ("3–5 days"). */
export const deliveryDays = z.object({ min: z.number().int(), max: z.number().int() });
export type DeliveryDays = z.infer<typeof deliveryDays>;

/** Delivery days as admins give them: one number, or a range. */
export const deliveryDaysInput = z.union(
  [
    days('Delivery days').transform((n) => ({ min: n, max: n })),
    z
      .object({ min: days('Fastest delivery'), max: days('Slowest delivery') })
      .refine(({ min, max }) => min <= max, {
        path: ['max'],
        message: 'Slowest delivery cannot be faster than the fastest',
      }),
  ],
  { error: `Delivery days: a whole number of days (0 to ${MAX_DELIVERY_DAYS}), or { min, max }` },
);

export const MAX_WEIGHT_BANDS = 20;

const weightBand = z.object({
  upToGrams: z
    .number({ error: 'Enter the weight in grams' })
    .int('Weight must be a whole number of grams')
    .positive('Weight must be more than 0 grams')
    .max(10_000_000, 'Weight must be at most 10,000,000 grams'),
  price: dollarsField('Price'),
});

/** A method's rate in dollars: one flat price, or weight bands ascending in `upToGrams`. */
export const shippingRate = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flat'), price: dollarsField('Price') }),
  z.object({
    kind: z.literal('weight'),
    bands: z
      .array(weightBand)
      .min(1, 'Add at least one weight band')
      .max(MAX_WEIGHT_BANDS, `At most ${MAX_WEIGHT_BANDS} weight bands`)
      .superRefine((bands, ctx) => {
        bands.forEach((band, i) => {
          const before = bands[i - 1];
          if (before && band.upToGrams <= before.upToGrams) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'upToGrams'],
              message: `Band ${i + 1} must weigh more than band ${i} (${before.upToGrams} g)`,
            });
          }
        });
      }),
  }),
]);
export type ShippingRate = z.infer<typeof shippingRate>;

/** A rate whose prices (the flat one, or each band's) are `Price`: in dollars, or in cents. */
type RateWith<Price> =
  ({ kind: 'flat' } & Price) | { kind: 'weight'; bands: ({ upToGrams: number } & Price)[] };

/** The same rate with every price in it converted by `convert`. */
const convertPrices = <From, To>(
  rate: RateWith<From>,
  convert: (price: From) => To,
): RateWith<To> =>
  rate.kind === 'flat'
    ? { kind: 'flat', ...convert(rate) }
    : { kind: 'weight', bands: rate.bands.map((b) => ({ upToGrams: b.upToGrams, ...convert(b) })) };

export const rateInCents = (rate: ShippingRate): ShippingRateCents =>
  convertPrices(rate, ({ price }: { price: number }) => ({ priceCents: dollarsToCents(price) }));

export const rateInDollars = (rate: ShippingRateCents): ShippingRate =>
  convertPrices(rate, ({ priceCents }: { priceCents: number }) => ({
    price: centsToDollars(priceCents),
  }));

export const shippingMethod = z.object({
  _id: z.string(),
  name: z.string(),
  countries: z.array(z.string()).describe("ISO 3166-1 alpha-2 codes, or ['*'] for all"),
  rate: shippingRate,
  freeOver: z.number().nullable().describe('dollars: free from this subtotal up; null: never'),
  deliveryDays,
});
export type ShippingMethod = z.infer<typeof shippingMethod>;

export const shippingMethodList = z.object({ data: z.array(shippingMethod) });
export type ShippingMethodList = z.infer<typeof shippingMethodList>;

const servedCountries = z
  .array(z.string().trim().toUpperCase(), { error: 'Choose the countries served' })
  .min(1, 'Choose the countries served, or all')
  .max(250, 'At most 250 countries')
  .superRefine((countries, ctx) => {
    const seen = new Set<string>();
    countries.forEach((code, i) => {
      if (code === '*') {
        if (countries.length > 1) {
          ctx.addIssue({ code: 'custom', path: [i], message: "'*' (all countries) stands alone" });
        }
      } else if (!isCountryCode(code)) {
        ctx.addIssue({ code: 'custom', path: [i], message: `${code} is not a country code` });
      } else if (seen.has(code)) {
        ctx.addIssue({ code: 'custom', path: [i], message: `${code} is listed twice` });
      }
      seen.add(code);
    });
  });

/** POST and PUT /shipping-methods. */
export const shippingMethodInput = z.object({
  name: z
    .string({ error: 'Enter the name of the method' })
    .trim()
    .min(1, 'Enter the name of the method')
    .max(80, 'Name is too long (80 characters at most)'),
  countries: servedCountries,
  rate: shippingRate,
  freeOver: dollarsField('Free over')
    .nullish()
    .transform((v) => v ?? null),
  deliveryDays: deliveryDaysInput,
});
export type ShippingMethodInput = z.infer<typeof shippingMethodInput>;

/** A method a quote offers for the cart and address, at its price for them. */
export const shippingOption = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().describe('dollars, for this cart and address'),
  deliveryDays,
});
export type ShippingOption = z.infer<typeof shippingOption>;
