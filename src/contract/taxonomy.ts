import { z } from 'zod';
import { productSlug } from './product-path.ts';

// How the catalogue is filed: brands, the category tree, attributes and families.

export const attributeTypes = ['enum', 'number', 'boolean'] as const;
export type AttributeType = (typeof attributeTypes)[number];

/** A product's attribute values, keyed by attribute key; a list for a multi attribute. */
export type AttributeValue = string | number | boolean;
export type ProductAttributes = Record<string, AttributeValue | AttributeValue[]>;

export const MAX_CATEGORY_DEPTH = 4;

export const slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Please enter a slug')
  .max(80, 'Slug is too long (80 characters at most)')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug: lower-case letters and digits joined by dashes');

/** A slug made from a name, as a product's address has it: "Bottom brackets & cups" → "bottom-brackets-cups". */
export const slugOf = productSlug;

const displayName = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Please enter the ${what}`)
    .max(max, `The ${what} is too long (${max} characters at most)`);

const position = z
  .number({ error: 'Position must be a number' })
  .int('Position must be a whole number')
  .min(0, 'Position cannot be negative')
  .max(10_000, 'Position must be at most 10,000');

// Brands

export const brand = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  productCount: z.number().int(),
});
export type Brand = z.infer<typeof brand>;
export const brandList = z.object({ data: z.array(brand) });

export const brandInput = z.object({
  name: displayName('brand name', 80),
  slug: slug.optional(),
});
export const brandPatch = z
  .object({ name: displayName('brand name', 80), slug })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change');

// Categories

export const category = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  position: z.number().int(),
  productCount: z.number().int().describe('products in this category and every one below it'),
});
export type Category = z.infer<typeof category>;
export const categoryList = z.object({ data: z.array(category) });

export const categoryInput = z.object({
  name: displayName('category name', 80),
  slug: slug.optional(),
  parentId: z.string().uuid('parentId: not a category id').nullable().optional(),
  position: position.optional(),
});
export const categoryPatch = z
  .object({
    name: displayName('category name', 80),
    slug,
    parentId: z.string().uuid('parentId: not a category id').nullable(),
    position,
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change');

// Attributes

const attributeKey = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Please enter the key')
  .max(40, 'Key is too long (40 characters at most)')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Key: lower-case letters and digits joined by dashes');

export const attribute = z.object({
  _id: z.string(),
  key: z.string(),
  label: z.string(),
  type: z.enum(attributeTypes),
  unit: z.string().nullable(),
  multi: z.boolean(),
  values: z.array(z.string()).describe("an enum's allowed values; empty for the other types"),
  categoryIds: z.array(z.string()).describe('the categories it is attached to (and all below)'),
});
export type Attribute = z.infer<typeof attribute>;
export const attributeList = z.object({ data: z.array(attribute) });

const enumValues = z
  .array(z.string().trim().min(1, 'A value cannot be empty').max(60, 'A value is too long'))
  .max(200, 'An attribute has at most 200 values')
  .refine((values) => new Set(values).size === values.length, 'Each value once');

const attributeFields = {
  label: displayName('label', 60),
  unit: z.string().trim().max(12, 'Unit is too long').nullable(),
  multi: z.boolean(),
  values: enumValues,
  categoryIds: z.array(z.string().uuid('categoryIds: not a category id')).max(300),
};

export const attributeInput = z
  .object({
    key: attributeKey,
    type: z.enum(attributeTypes, { error: 'type is enum, number or boolean' }),
    ...attributeFields,
    unit: attributeFields.unit.optional(),
    multi: attributeFields.multi.default(false),
    values: attributeFields.values.default([]),
    categoryIds: attributeFields.categoryIds.default([]),
  })
  .refine((a) => a.type !== 'enum' || a.values.length > 0, {
    path: ['values'],
    message: 'An enum attribute lists its values',
  })
  .refine((a) => a.type === 'enum' || a.values.length === 0, {
    path: ['values'],
    message: 'Only an enum attribute lists values',
  });
// What a product's values mean rests on its attribute's key and type: neither changes once made.
const fixed = (what: string) =>
  z.never({ error: `The ${what} of an attribute cannot be changed` }).optional();

export const attributePatch = z
  .object({ ...attributeFields, key: fixed('key'), type: fixed('type') })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change');

// Families

export const MAX_FAMILY_AXES = 2;

export const family = z.object({
  _id: z.string(),
  name: z.string(),
  axes: z.array(z.string()).describe('the attribute keys its variants differ by'),
});
export type Family = z.infer<typeof family>;
export const familyList = z.object({ data: z.array(family) });

const axes = z
  .array(attributeKey)
  .min(1, 'A family differs by at least one attribute')
  .max(MAX_FAMILY_AXES, `A family differs by at most ${MAX_FAMILY_AXES} attributes`)
  .refine((keys) => new Set(keys).size === keys.length, 'Each axis once');

export const familyInput = z.object({ name: displayName('family name', 120), axes });
export const familyPatch = z
  .object({ name: displayName('family name', 120), axes })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change');

// Search synonyms

/** A lower-case word or short phrase (up to four words), as a search is read. */
const searchTerm = (what: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1, `Please enter the ${what}`)
    .max(40, `The ${what} is too long (40 characters at most)`)
    .regex(
      /^[\p{L}\p{N}]+(?:[ '-][\p{L}\p{N}]+){0,3}$/u,
      `The ${what} is a word or a short phrase (up to four words, one space between them)`,
    );

export const searchSynonym = z.object({
  _id: z.string(),
  term: z.string().describe('what a shopper types, lower-case'),
  means: z.string().describe('what the search also looks for then'),
});
export type SearchSynonym = z.infer<typeof searchSynonym>;
export const searchSynonymList = z.object({ data: z.array(searchSynonym) });

export const searchSynonymInput = z
  .object({ term: searchTerm('term'), means: searchTerm('meaning') })
  .refine((s) => s.term !== s.means, { path: ['means'], message: 'A term cannot mean itself' });

/** What deleting a brand, category, family or synonym answers. */
export const taxonomyDeleted = z.object({ deleted: z.literal(true), _id: z.string() });

/**
 * A product's attribute values as the strings its facet index holds, `key=value` each: every
 * attribute filter and facet count reads these (src/server/modules/catalog/facets.ts).
 */
export function facetValuesOf(attributes: ProductAttributes): string[] {
  return Object.entries(attributes).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => `${key}=${String(one)}`),
  );
}
