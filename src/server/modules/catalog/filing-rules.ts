import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AttributeValue, ProductAttributes } from '../../../contract/taxonomy.ts';
import type { Executor } from '../../db/client.ts';
import {
  attributeCategories,
  attributes,
  brands,
  categories,
  families,
  products,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { categoryChain, readFiling } from './filing.ts';

// The rules a product's filing keeps on every write: its brand, category and family exist, its
// attribute values are allowed by the attributes its category carries, and no two variants of a
// family share their axis values.

export type ProductFiling = {
  brandId: string | null;
  categoryId: string | null;
  familyId: string | null;
  attributes: ProductAttributes;
};

const refused = (message: string) => new AppError('bad_request', message);

async function exists(tx: Executor, table: typeof brands | typeof categories, id: string) {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}

type AttributeDefinition = typeof attributes.$inferSelect;

/** The attributes a product in this category may carry: its own and those of the ones above. */
async function attributesOfCategory(tx: Executor, categoryId: string) {
  const chain = categoryChain(await readFiling(tx), categoryId).map((c) => c.id);
  if (chain.length === 0) return new Map<string, AttributeDefinition>();
  const rows = await tx
    .selectDistinct({ attribute: attributes })
    .from(attributes)
    .innerJoin(attributeCategories, eq(attributeCategories.attributeId, attributes.id))
    .where(inArray(attributeCategories.categoryId, chain));
  return new Map(rows.map(({ attribute }) => [attribute.key, attribute]));
}

/** One value as its attribute stores it, or the reason it is not allowed. */
export function storedValue(definition: AttributeDefinition, value: AttributeValue) {
  const where = `attributes.${definition.key}`;
  if (definition.type === 'enum') {
    const text = String(value);
    if (definition.values.includes(text)) return text;
    throw refused(`${where}: ${text} is not one of ${definition.values.join(', ')}`);
  }
  if (definition.type === 'number') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number)) return number;
    throw refused(`${where}: ${String(value)} is not a number`);
  }
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw refused(`${where}: ${String(value)} is not true or false`);
}

/** The attribute values checked against the category's attributes, as they are stored. */
async function checkedAttributes(
  tx: Executor,
  categoryId: string | null,
  given: ProductAttributes,
): Promise<ProductAttributes> {
  const keys = Object.keys(given);
  if (keys.length === 0) return {};
  if (!categoryId) throw refused(`attributes: a product needs a category to carry ${keys[0]}`);
  const allowed = await attributesOfCategory(tx, categoryId);
  const checked: ProductAttributes = {};
  for (const key of keys) {
    const definition = allowed.get(key);
    if (!definition) throw refused(`attributes.${key}: not an attribute of this category`);
    const value = given[key]!;
    if (!definition.multi && Array.isArray(value)) {
      throw refused(`attributes.${key}: one value only`);
    }
    const values = (Array.isArray(value) ? value : [value]).map((v) => storedValue(definition, v));
    if (values.length === 0) continue;
    checked[key] = definition.multi ? [...new Set(values)] : values[0]!;
  }
  return checked;
}

/**
 * Its axis values set, and no other variant of the family with the same ones. The family row is
 * locked first, so two variants written at once are checked one after the other.
 */
async function checkVariant(
  tx: Executor,
  familyId: string,
  productId: string | undefined,
  values: ProductAttributes,
) {
  const [family] = await tx.select().from(families).where(eq(families.id, familyId)).for('update');
  if (!family) throw refused(`familyId: no family ${familyId}`);
  for (const axis of family.axes) {
    if (values[axis] === undefined || Array.isArray(values[axis])) {
      throw refused(`attributes.${axis}: a variant of ${family.name} needs one ${axis}`);
    }
  }
  const sameAxes = family.axes.map(
    (axis) => sql`${products.attributes} -> ${axis} = ${JSON.stringify(values[axis])}::jsonb`,
  );
  const [twin] = await tx
    .select({ name: products.name, sku: products.sku })
    .from(products)
    .where(
      and(
        eq(products.familyId, familyId),
        productId ? ne(products.id, productId) : undefined,
        ...sameAxes,
      ),
    )
    .limit(1);
  if (twin) {
    const said = family.axes.map((axis) => `${axis} ${String(values[axis])}`).join(' and ');
    throw new AppError(
      'conflict',
      `${twin.name} (SKU ${twin.sku}) is already the ${family.name} variant with ${said}`,
    );
  }
}

/**
 * Checks the filing a product will have after this write, and returns its attribute values as
 * stored. `productId` is the product written, when it exists already.
 */
export async function checkFiling(
  tx: Executor,
  filing: ProductFiling,
  productId?: string,
): Promise<ProductAttributes> {
  if (filing.brandId && !(await exists(tx, brands, filing.brandId))) {
    throw refused(`brandId: no brand ${filing.brandId}`);
  }
  if (filing.categoryId && !(await exists(tx, categories, filing.categoryId))) {
    throw refused(`categoryId: no category ${filing.categoryId}`);
  }
  const values = await checkedAttributes(tx, filing.categoryId, filing.attributes);
  if (filing.familyId) await checkVariant(tx, filing.familyId, productId, values);
  return values;
}
