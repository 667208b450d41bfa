import type { Product } from '../../../contract/catalog.ts';
import type { ProductPatch } from '../../../contract/product-input.ts';
import type {
  Attribute,
  AttributeValue,
  Category,
  ProductAttributes,
} from '../../../contract/taxonomy.ts';
import { attributesOfCategory } from './filing-api.ts';

// A part's filing in the product forms: its brand, codes, category and family, and a value for
// each attribute its category carries. The forms hold "none" as '' and the attributes as their
// inputs give them; `filingOf` turns that into what the shared schema and the API take.

type FilingField = 'brandId' | 'categoryId' | 'familyId' | 'mpn' | 'gtin' | 'attributes';
/** The filing as the forms hold it (ProductFormValues has these fields). */
type Filing = Required<Pick<ProductPatch, FilingField>>;

/** A product's filing as the form's fields start: '' for none. */
export const filingFormValues = (product?: Product): Filing => ({
  brandId: product?.brand?._id ?? '',
  categoryId: product?.category?._id ?? '',
  familyId: product?.familyId ?? '',
  mpn: product?.mpn ?? '',
  gtin: product?.gtin ?? '',
  attributes: product?.attributes ?? {},
});

/**
 * What the form knows beside its fields: the categories and attributes there are (only the
 * chosen category's attributes are sent) and, editing, the values the part had, so that a box
 * left unticked takes a "yes" away without writing a "no" the part never had.
 */
export type FilingContext = {
  categories: readonly Category[];
  attributes: readonly Attribute[];
  /** False until both lists have come: the part's attribute values are then kept as they were. */
  ready: boolean;
  original?: ProductAttributes;
};

const isValue = (value: unknown): value is AttributeValue =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

/** One attribute's input as a value to send, or undefined for none. */
function attributeValue(
  attribute: Attribute,
  given: unknown,
  had: AttributeValue | AttributeValue[] | undefined,
): AttributeValue | AttributeValue[] | undefined {
  if (attribute.multi) {
    // Several boxes of one name give the ticked values; one box alone gives its value or false.
    const list = (Array.isArray(given) ? given : [given]).filter(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    return list.length > 0 ? list : undefined;
  }
  if (attribute.type === 'boolean') {
    if (given === true) return true;
    return had === undefined ? undefined : false;
  }
  if (attribute.type === 'number') {
    const number = typeof given === 'string' ? (given.trim() ? Number(given) : NaN) : given;
    // A number the box cannot read is sent as typed: the schema then says what is wrong.
    if (typeof given === 'string' && given.trim() && !Number.isFinite(number)) return given;
    return isValue(number) ? number : undefined;
  }
  return isValue(given) && given !== '' ? given : undefined;
}

/** The filing as POST and PATCH /tools take it. */
export function filingOf(values: Filing, context: FilingContext) {
  const { original = {} } = context;
  const shown = attributesOfCategory(values.categoryId, context.categories, context.attributes);
  const attributes: ProductAttributes = context.ready ? {} : { ...original };
  for (const attribute of context.ready ? shown : []) {
    const value = attributeValue(
      attribute,
      values.attributes[attribute.key],
      original[attribute.key],
    );
    if (value !== undefined) attributes[attribute.key] = value;
  }
  return {
    brandId: values.brandId || null,
    categoryId: values.categoryId || null,
    familyId: values.familyId || null,
    mpn: values.mpn?.trim() || null,
    gtin: values.gtin?.trim() || null,
    attributes,
  };
}

/** A value list in one order, so that ticking the same boxes in another order changes nothing. */
const canonical = (attributes: ProductAttributes) =>
  JSON.stringify(
    Object.keys(attributes)
      .sort()
      .map((key) => {
        const value = attributes[key];
        return [key, Array.isArray(value) ? value.map(String).sort() : value];
      }),
  );

/** The filing fields that differ from the part's: only those go into the patch (and the audit). */
export function filingChanges(product: Product, filed: Partial<Filing>) {
  const patch: Partial<Filing> = {};
  const differs = <K extends keyof Filing>(key: K, was: Filing[K]) =>
    filed[key] !== undefined && filed[key] !== was;
  if (differs('brandId', product.brand?._id ?? null)) patch.brandId = filed.brandId;
  if (differs('categoryId', product.category?._id ?? null)) patch.categoryId = filed.categoryId;
  if (differs('familyId', product.familyId)) patch.familyId = filed.familyId;
  if (differs('mpn', product.mpn)) patch.mpn = filed.mpn;
  if (differs('gtin', product.gtin)) patch.gtin = filed.gtin;
  if (filed.attributes && canonical(filed.attributes) !== canonical(product.attributes)) {
    patch.attributes = filed.attributes;
  }
  return patch;
}
