import type { ProductDetail, Variant } from '../../../contract/catalog.ts';
import { axisOrder, type AttributeBook } from './attributes-api.ts';

// A product's family as its page draws it: the variant picker (one axis) and the size grid (two).

export type Family = NonNullable<ProductDetail['family']>;

/** The family, the variant on show, and the attributes that name the axes and their values. */
export type FamilyProps = { family: Family; currentId: string; book: AttributeBook };

/** A variant's value on an axis as none or one: a multi-valued attribute is never an axis. */
export const scalar = (value: Variant['attributes'][string] | undefined) =>
  value === undefined || Array.isArray(value) ? [] : [value];

/** The values the family's variants take on one axis, in the attribute's own order. */
export const axisValues = ({ variants }: Family, book: AttributeBook, key: string) =>
  axisOrder(
    book,
    key,
    variants.flatMap((v) => scalar(v.attributes[key])),
  );
