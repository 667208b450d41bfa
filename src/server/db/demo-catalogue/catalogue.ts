import { generateCheckDigit } from 'gtin/lib/common.js';
import type { TierCents } from '../../../contract/price-ladder.ts';
import { slugOf, type ProductAttributes } from '../../../contract/taxonomy.ts';
import { catalogueBrands, type CatalogueBrand } from './brands.ts';
import { catalogueCategories, type CatalogueCategory, type Sale } from './categories.ts';
import type { PartLine } from './part-line.ts';
import { demoFiling, partLines } from './part-lines.ts';

// The demo catalogue worked out from its tables, with no database: each part's SKU, GTIN,
// ladder and stock, deterministic (seeded by the part's own name), and its families.

/** One part of the demo wholesaler's catalogue, as its product row will hold it. */
export type CataloguePart = {
  /** Its picture's name: /images/parts/{key}.svg. */
  key: string;
  sku: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  /** The family it is a variant of (an index into `families`), or undefined. */
  family: number | undefined;
  mpn: string;
  gtin: string;
  attributes: ProductAttributes;
  priceCents: number;
  moq: number;
  packSize: number;
  tiers: TierCents[];
  stock: number;
  weightGrams: number;
  imageUrl: string;
};

export type CatalogueFamily = { name: string; axes: string[] };

// Deterministic: each part draws from a generator seeded by its own SKU, so the same rows come
// out every time, and adding a line to the tables leaves every other part as it was.

function hashOf(text: string) {
  // FNV-1a, 32 bits.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, well-mixed PRNG; numbers in [0, 1). */
function randomFrom(seed: string) {
  let a = hashOf(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * EAN-13s of one brand: its GS1 prefix, an item number and the check digit. The item numbers
 * step by a prime from a start of the brand's own, so they look issued rather than counted and
 * never repeat (the step is coprime with the power of ten).
 */
function gtinsOf(brand: CatalogueBrand) {
  const digits = 12 - brand.gs1.length;
  const span = 10 ** digits;
  const start = hashOf(brand.slug) % span;
  let issued = 0;
  return () => {
    const item = (start + issued++ * 7919) % span;
    const body = brand.gs1 + String(item).padStart(digits, '0');
    return body + generateCheckDigit(body);
  };
}

/** The shop's SKU for a brand's part: "SHI-CN-HG701-11", "SRM-00.2518.025.003". */
const skuOf = (brand: CatalogueBrand, mpn: string) =>
  `${brand.code}-${mpn.toUpperCase().replace(/[^A-Z0-9.]+/g, '-')}`.slice(0, 40);

/** Rounded as a price list is: to 10 cents from $2, to the cent below. */
const roundPrice = (cents: number) =>
  cents >= 200 ? Math.round(cents / 10) * 10 : Math.max(1, Math.round(cents));

/**
 * A price ladder from the minimum: 5x, 10x and 50x the minimum at about 7%, 13% and 20% off.
 * Cheap parts get more rungs than dear ones; a rung that would not be cheaper is left out.
 */
function ladderOf(priceCents: number, moq: number, random: () => number): TierCents[] {
  const most = priceCents < 1_000 ? 4 : priceCents < 10_000 ? 3 : 2;
  const rungs = random() < 0.3 ? Math.max(2, most - 1) : most;
  const steps: [number, number][] = [
    [1, 1],
    [5, 0.93],
    [10, 0.87],
    [50, 0.8],
  ];
  const tiers: TierCents[] = [];
  for (const [times, share] of steps.slice(0, rungs)) {
    const cents = times === 1 ? priceCents : roundPrice(priceCents * share);
    const last = tiers[tiers.length - 1];
    if (last && cents >= last.priceCents) continue;
    tiers.push({ minQuantity: moq * times, priceCents: cents });
  }
  return tiers;
}

/**
 * Stock on hand: about one part in sixteen sold out, one in ten under 20, the rest plenty
 * (more of the cheap parts than the dear ones), in whole packs of ten or the pack size.
 */
function stockOf(priceCents: number, sale: Sale, random: () => number) {
  const r = random();
  if (r < 0.06) return 0;
  if (r < 0.16) return 2 + Math.floor(random() * 17);
  const base =
    priceCents < 100
      ? 40_000
      : priceCents < 500
        ? 3_000
        : priceCents < 2_000
          ? 1_200
          : priceCents < 5_000
            ? 500
            : priceCents < 15_000
              ? 200
              : 80;
  const step = Math.max(10, sale.packSize);
  return Math.max(step * 4, Math.round((base * (0.5 + 1.5 * random())) / step) * step);
}

/**
 * Attributes with their keys in the order a jsonb column gives them back (shorter keys first,
 * then bytewise), so that facet values made from them equal those made from a read row.
 */
const inJsonbOrder = (values: ProductAttributes): ProductAttributes =>
  Object.fromEntries(
    Object.entries(values).sort(([a], [b]) =>
      a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length,
    ),
  );

/** An MPN as its unique index compares it: letters and digits, upper case. */
export const mpnKey = (mpn: string) => mpn.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

const byKey = <T, K extends keyof T>(rows: readonly T[], key: K) =>
  new Map(rows.map((row) => [row[key], row]));

export const brandsBySlug = byKey(catalogueBrands, 'slug');
export const categoriesBySlug = byKey(catalogueCategories, 'slug');

export const must = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`seed catalogue: no ${what}`);
  return value;
};

function descriptionOf(line: PartLine, category: CatalogueCategory, label?: string) {
  const which = label ? ` This one: ${label}.` : '';
  return `${line.about}${which} ${category.blurb ?? ''}`.trim();
}

function partsOf(line: PartLine, family: number | undefined) {
  const brand = must(brandsBySlug.get(line.brand), `brand ${line.brand}`);
  const category = must(categoriesBySlug.get(line.category), `category ${line.category}`);
  const sale = line.sale ?? category.sale ?? { moq: 10, packSize: 1 };
  const variants = line.variants ?? [undefined];
  return variants.map((variant) => {
    const mpn = variant?.mpn ?? line.mpn;
    const sku = skuOf(brand, mpn);
    const random = randomFrom(sku);
    const priceCents = variant?.priceCents ?? line.priceCents;
    const key = slugOf(sku);
    return {
      key,
      sku,
      name: variant ? `${line.name} ${variant.label}` : line.name,
      description: descriptionOf(line, category, variant?.label),
      brand: brand.slug,
      category: category.slug,
      family: variant ? family : undefined,
      mpn,
      attributes: inJsonbOrder({ ...line.attributes, ...variant?.values }),
      priceCents,
      moq: sale.moq,
      packSize: sale.packSize,
      tiers: ladderOf(priceCents, sale.moq, random),
      stock: stockOf(priceCents, sale, random),
      weightGrams: variant?.weightGrams ?? line.weightGrams,
      imageUrl: `/images/parts/${key}.svg`,
    };
  });
}

export type DemoFiled = {
  sku: string;
  brand: string;
  category: string;
  mpn: string;
  gtin: string;
  attributes: ProductAttributes;
};

export type Catalogue = {
  parts: CataloguePart[];
  families: CatalogueFamily[];
  /** The spec's demo products (seed-data.ts), filed under a brand and a category. */
  filed: DemoFiled[];
};

/** The demo catalogue from the tables of demo-catalogue/: the same every time. */
export function buildCatalogue(): Catalogue {
  const families: CatalogueFamily[] = [];
  const unnumbered = partLines.flatMap((line) => {
    let family: number | undefined;
    if (line.variants) {
      family = families.length;
      families.push({ name: line.name, axes: Object.keys(line.variants[0]?.values ?? {}) });
    }
    return partsOf(line, family);
  });
  // GTINs in catalogue order per brand: the spec's products first, as they were there first.
  const gtinOf = new Map(catalogueBrands.map((b) => [b.slug, gtinsOf(b)]));
  const nextGtin = (brand: string) => must(gtinOf.get(brand), `brand ${brand}`)();
  const filed = Object.entries(demoFiling).map(([sku, f]) => ({
    sku,
    brand: f.brand,
    category: f.category,
    mpn: f.mpn,
    gtin: nextGtin(f.brand),
    attributes: inJsonbOrder(f.attributes ?? {}),
  }));
  const parts = unnumbered.map((part) => ({ ...part, gtin: nextGtin(part.brand) }));
  return { parts, families, filed };
}

let built: Catalogue | undefined;

/** The demo catalogue, worked out once. */
export const demoCatalogue = () => (built ??= buildCatalogue());
