import type { ProductAttributes } from '../../../contract/taxonomy.ts';
import type { Sale } from './categories.ts';

// How the demo catalogue's part lines are written down.

/** One variant of a family: its axis values, its own MPN and the words its name adds. */
export type PartVariant = {
  label: string;
  mpn: string;
  values: ProductAttributes;
  priceCents?: number;
  weightGrams?: number;
};

/** A part line: one product, or with `variants` a family of them (its axes the values' keys). */
export type PartLine = {
  brand: string;
  category: string;
  name: string;
  mpn: string;
  priceCents: number;
  weightGrams: number;
  attributes?: ProductAttributes;
  about: string;
  sale?: Sale;
  variants?: PartVariant[];
};

type Common = Omit<PartLine, 'brand' | 'category' | 'name' | 'mpn' | 'priceCents' | 'about'>;

/** A line of one brand in one category: [name, mpn, price in cents, what it says, more]. */
export const lines = (
  brand: string,
  category: string,
  rows: [name: string, mpn: string, priceCents: number, about: string, more: Common][],
): PartLine[] =>
  rows.map(([name, mpn, priceCents, about, more]) => ({
    brand,
    category,
    name,
    mpn,
    priceCents,
    about,
    ...more,
  }));

/** Variants along one axis: [label, mpn, value, price?]. */
export const along = (
  key: string,
  rows: [label: string, mpn: string, value: string | number, priceCents?: number][],
): PartVariant[] =>
  rows.map(([label, mpn, value, priceCents]) => ({
    label,
    mpn,
    values: { [key]: value },
    ...(priceCents === undefined ? {} : { priceCents }),
  }));
