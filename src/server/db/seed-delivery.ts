import { and, eq, sql } from 'drizzle-orm';
import type { ShippingRateCents } from '../../contract/shipping-rules.ts';
import type { Executor } from './client.ts';
import { products, shippingMethods, shopSettings, taxRates, type AddressCopy } from './schema.ts';
import { seedProducts } from './seed-data.ts';

/** The demo shop: a Dutch company, so EU orders from businesses elsewhere are reverse charged. */
export const demoShop = {
  legalName: 'ECParts B.V.',
  address: {
    label: '',
    company: 'ECParts B.V.',
    name: 'Accounts receivable',
    line1: 'Keizersgracht 313',
    line2: '',
    city: 'Amsterdam',
    region: '',
    postalCode: '1016 EE',
    country: 'NL',
    phone: '+31 20 555 0100',
  } satisfies AddressCopy,
  vatId: 'NL004495445B01',
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
};

type DemoMethod = {
  name: string;
  rate: ShippingRateCents;
  freeOverCents: number | null;
  days: [number, number];
};

const standardBands: ShippingRateCents = {
  kind: 'weight',
  bands: [
    { upToGrams: 2_000, priceCents: 950 },
    { upToGrams: 10_000, priceCents: 1_900 },
    { upToGrams: 30_000, priceCents: 3_900 },
  ],
};

/**
 * Standard by weight, Express flat, and Free standard: Standard's bands, free from a $500
 * subtotal (below it, it costs what Standard does and is slower, so buyers take Standard).
 */
export const demoShippingMethods: DemoMethod[] = [
  { name: 'Standard', rate: standardBands, freeOverCents: null, days: [3, 6] },
  { name: 'Express', rate: { kind: 'flat', priceCents: 2_900 }, freeOverCents: null, days: [1, 2] },
  { name: 'Free standard', rate: standardBands, freeOverCents: 50_000, days: [4, 8] },
];

export const demoTaxRates = [
  { country: 'US', region: 'CA', rateMilli: 7_250, name: 'CA sales tax' },
  { country: 'US', region: 'NY', rateMilli: 4_000, name: 'NY sales tax' },
  { country: 'US', region: 'TX', rateMilli: 6_250, name: 'TX sales tax' },
  { country: 'NL', region: '', rateMilli: 21_000, name: 'BTW' },
  { country: 'DE', region: '', rateMilli: 19_000, name: 'MwSt' },
  { country: 'FR', region: '', rateMilli: 20_000, name: 'TVA' },
  { country: 'BE', region: '', rateMilli: 21_000, name: 'BTW' },
];

/**
 * The delivery part of the demo data: the shop's details (while they are still the
 * migration's placeholder), the three methods (when there are none), the tax rates (places
 * not yet rated) and the demo parts' weights (those still at 0). Each part leaves alone what
 * an admin has set, so running it on a database in use changes nothing of theirs.
 */
export async function seedDeliveryDemo(tx: Executor) {
  await tx
    .update(shopSettings)
    .set({ ...demoShop, updatedAt: new Date() })
    .where(and(eq(shopSettings.id, 1), sql`${shopSettings.address}->>'line1' = ''`));
  const [method] = await tx.select({ id: shippingMethods.id }).from(shippingMethods).limit(1);
  if (!method) {
    await tx.insert(shippingMethods).values(
      demoShippingMethods.map((m) => ({
        name: m.name,
        countries: ['*'],
        rate: m.rate,
        freeOverCents: m.freeOverCents,
        deliveryMinDays: m.days[0],
        deliveryMaxDays: m.days[1],
      })),
    );
  }
  await tx.insert(taxRates).values(demoTaxRates).onConflictDoNothing();
  for (const p of seedProducts) {
    await tx
      .update(products)
      .set({ weightGrams: p.weightGrams })
      .where(and(eq(products.sku, p.sku), eq(products.weightGrams, 0)));
  }
}
