import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { dollarsField } from './dollars.ts';
import { centsToDollars, dollarsToCents } from './money.ts';
import { groupDigits } from './number-text.ts';

/** A weight band: carts up to this many grams ship at this price. */
export type WeightBandCents = { upToGrams: number; priceCents: number };

/**
 * A rate by weight: the first band the cart fits in; above the last band, the last band's price
 * plus `perKgAboveCents` for each kilogram or part of one above it, when the method has one
 * (null or absent: it carries nothing heavier than its last band).
 */
export type WeightRateCents = {
  kind: 'weight';
  bands: WeightBandCents[];
  perKgAboveCents?: number | null;
};

export type ShippingRateCents = { kind: 'flat'; priceCents: number } | WeightRateCents;

/** A shipping method as the rules use it; `countries` ['*'] serves everywhere. */
export type ShippingMethodCents = {
  id: string;
  name: string;
  countries: string[];
  rate: ShippingRateCents;
  freeOverCents: number | null;
  /** Free over the amount only for orders up to this weight; null: whatever the weight. */
  freeOverUpToGrams: number | null;
  deliveryDays: { min: number; max: number };
};

export type CartForShipping = { subtotalCents: number; weightGrams: number };

/** What a method does with a cart: carries it at a price, or cannot, being limited to `maxGrams`. */
export type ShippingPrice =
  { carries: true; priceCents: number } | { carries: false; maxGrams: number };

/** The most a weight rate carries without a per-kg rate: its heaviest band's weight. */
const heaviestBand = (bands: readonly WeightBandCents[]) =>
  bands.reduce((heaviest, b) => (b.upToGrams > heaviest.upToGrams ? b : heaviest));

/** Whether the free-over rule applies: the subtotal reached, and the weight within its limit. */
const freeFor = (
  method: Pick<ShippingMethodCents, 'freeOverCents' | 'freeOverUpToGrams'>,
  { subtotalCents, weightGrams }: CartForShipping,
) =>
  method.freeOverCents !== null &&
  subtotalCents >= method.freeOverCents &&
  (method.freeOverUpToGrams === null || weightGrams <= method.freeOverUpToGrams);

/** The price of a weight rate for this weight, or undefined above its last band without a per-kg rate. */
function weightPriceCents(rate: WeightRateCents, weightGrams: number) {
  const band = [...rate.bands]
    .sort((a, b) => a.upToGrams - b.upToGrams)
    .find((b) => weightGrams <= b.upToGrams);
  if (band) return band.priceCents;
  const perKg = rate.perKgAboveCents ?? null;
  if (perKg === null) return undefined;
  const last = heaviestBand(rate.bands);
  return last.priceCents + Math.ceil((weightGrams - last.upToGrams) / 1000) * perKg;
}

/**
 * What the method does with this cart. Free from its free-over subtotal up, whatever the
 * weight unless the method limits free delivery by weight; otherwise its flat price, or the
 * price of the first band the cart fits in, or above the last band its per-kg rate. A cart
 * heavier than every band of a method without a per-kg rate is not carried: the answer says
 * how much the method carries at most.
 */
export function shippingPrice(
  method: Pick<ShippingMethodCents, 'rate' | 'freeOverCents' | 'freeOverUpToGrams'>,
  cart: CartForShipping,
): ShippingPrice {
  if (freeFor(method, cart)) return { carries: true, priceCents: 0 };
  if (method.rate.kind === 'flat') return { carries: true, priceCents: method.rate.priceCents };
  const priceCents = weightPriceCents(method.rate, cart.weightGrams);
  return priceCents === undefined
    ? { carries: false, maxGrams: heaviestBand(method.rate.bands).upToGrams }
    : { carries: true, priceCents };
}

/** The method's price for this cart; undefined when it cannot carry it. */
export function shippingPriceCents(
  method: Pick<ShippingMethodCents, 'rate' | 'freeOverCents' | 'freeOverUpToGrams'>,
  cart: CartForShipping,
) {
  const price = shippingPrice(method, cart);
  return price.carries ? price.priceCents : undefined;
}

export const servesCountry = (method: Pick<ShippingMethodCents, 'countries'>, country: string) =>
  method.countries.includes('*') || method.countries.includes(country);

export type OfferedMethod<M extends ShippingMethodCents = ShippingMethodCents> = {
  method: M;
  priceCents: number;
};

/** A method that serves the country but cannot carry the cart, and what it carries at most. */
export type TooHeavyMethod<M extends ShippingMethodCents = ShippingMethodCents> = {
  method: M;
  maxGrams: number;
};

/** The methods a cart can ship by to a country, cheapest first, then fastest, then by name. */
export function offeredMethods<M extends ShippingMethodCents>(
  methods: readonly M[],
  cart: CartForShipping & { country: string },
): OfferedMethod<M>[] {
  return shippingChoices(methods, cart).offered;
}

/**
 * Every method serving the country: those that carry the cart, cheapest first, then fastest,
 * then by name; and those too heavy for it, by name, so that a buyer is told why they are not
 * offered rather than not shown them.
 */
export function shippingChoices<M extends ShippingMethodCents>(
  methods: readonly M[],
  { country, ...cart }: CartForShipping & { country: string },
) {
  const offered: OfferedMethod<M>[] = [];
  const tooHeavy: TooHeavyMethod<M>[] = [];
  for (const method of methods) {
    if (!servesCountry(method, country)) continue;
    const price = shippingPrice(method, cart);
    if (price.carries) offered.push({ method, priceCents: price.priceCents });
    else tooHeavy.push({ method, maxGrams: price.maxGrams });
  }
  offered.sort(
    (a, b) =>
      a.priceCents - b.priceCents ||
      a.method.deliveryDays.max - b.method.deliveryDays.max ||
      a.method.name.localeCompare(b.method.name, 'en'),
  );
  tooHeavy.sort((a, b) => a.method.name.localeCompare(b.method.name, 'en'));
  return { offered, tooHeavy };
}

/** The cheapest method offered, as the one-line order picks it; undefined when none is. */
export const cheapestOffered = <M extends ShippingMethodCents>(
  methods: readonly M[],
  cart: CartForShipping & { country: string },
): OfferedMethod<M> | undefined => offeredMethods(methods, cart)[0];

/** Grams as kilograms, to the gram and without trailing zeros: 41200 is "41.2 kg". */
export function kgText(grams: number) {
  const whole = Math.floor(grams / 1000);
  const rest = grams % 1000;
  const decimals = rest === 0 ? '' : `.${String(rest).padStart(3, '0').replace(/0+$/, '')}`;
  return `${groupDigits(whole)}${decimals} kg`;
}

/** Why a method is not offered: "Standard ships up to 30 kg; this order weighs 41.2 kg". */
export const tooHeavyReason = (name: string, maxGrams: number, weightGrams: number) =>
  `${name} ships up to ${kgText(maxGrams)}; this order weighs ${kgText(weightGrams)}`;

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
    perKgAbove: dollarsField('Per kg above the last band')
      .nullable()
      .optional()
      .describe(
        'dollars for each kg (or part of one) above the last band, added to its price; null or absent: nothing heavier than the last band is carried',
      ),
  }),
]);
export type ShippingRate = z.infer<typeof shippingRate>;

const orNull = <T, U>(value: T | null | undefined, convert: (v: T) => U) =>
  value === null || value === undefined ? null : convert(value);

export const rateInCents = (rate: ShippingRate): ShippingRateCents =>
  rate.kind === 'flat'
    ? { kind: 'flat', priceCents: dollarsToCents(rate.price) }
    : {
        kind: 'weight',
        bands: rate.bands.map((b) => ({
          upToGrams: b.upToGrams,
          priceCents: dollarsToCents(b.price),
        })),
        perKgAboveCents: orNull(rate.perKgAbove, dollarsToCents),
      };

export const rateInDollars = (rate: ShippingRateCents): ShippingRate =>
  rate.kind === 'flat'
    ? { kind: 'flat', price: centsToDollars(rate.priceCents) }
    : {
        kind: 'weight',
        bands: rate.bands.map((b) => ({
          upToGrams: b.upToGrams,
          price: centsToDollars(b.priceCents),
        })),
        perKgAbove: orNull(rate.perKgAboveCents, centsToDollars),
      };

export const shippingMethod = z.object({
  _id: z.string(),
  name: z.string(),
  countries: z.array(z.string()).describe("ISO 3166-1 alpha-2 codes, or ['*'] for all"),
  rate: shippingRate,
  freeOver: z.number().nullable().describe('dollars: free from this subtotal up; null: never'),
  freeOverUpToGrams: z
    .number()
    .int()
    .nullable()
    .describe('free over the amount only for orders up to this weight; null: whatever the weight'),
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

/** The fields of POST and PUT /shipping-methods, before the rule across them. */
export const shippingMethodFields = z.object({
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
  freeOverUpToGrams: z
    .number({ error: 'Free only up to: enter the weight in grams' })
    .int('Free only up to: a whole number of grams')
    .positive('Free only up to: more than 0 grams')
    .max(10_000_000, 'Free only up to: at most 10,000,000 grams')
    .nullish()
    .transform((v) => v ?? null),
  deliveryDays: deliveryDaysInput,
});

/** A weight limit on free delivery needs a free-over amount to limit. */
export const freeOverWeightRule = [
  (m: { freeOver: number | null; freeOverUpToGrams: number | null }) =>
    m.freeOverUpToGrams === null || m.freeOver !== null,
  {
    path: ['freeOverUpToGrams'],
    message: 'Free only up to a weight needs a free-over amount: enter one, or clear the weight',
  },
] satisfies [unknown, { path: string[]; message: string }];

/** POST and PUT /shipping-methods. */
export const shippingMethodInput = shippingMethodFields.refine(...freeOverWeightRule);
export type ShippingMethodInput = z.infer<typeof shippingMethodInput>;

/** A method a quote offers for the cart and address, at its price for them. */
export const shippingOption = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().describe('dollars, for this cart and address'),
  deliveryDays,
});
export type ShippingOption = z.infer<typeof shippingOption>;

/** A method that serves the address but cannot carry this order, and why, as checkout shows it. */
export const unavailableShippingOption = z.object({
  _id: z.string(),
  name: z.string(),
  reason: z.string().describe('"Standard ships up to 30 kg; this order weighs 41.2 kg"'),
  deliveryDays,
});
export type UnavailableShippingOption = z.infer<typeof unavailableShippingOption>;
