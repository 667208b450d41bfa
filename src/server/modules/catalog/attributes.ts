import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Attribute, attributeInput, attributePatch } from '../../../contract/taxonomy.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { attributeCategories, attributes, categories, products } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { carrying, refuseIfMisfiled } from './misfiled.ts';
import { isUuid } from '../../lib/ids.ts';
import { violatedConstraint } from './violations.ts';

// Attributes: defined once, attached to categories (everything below them inherits them). A
// product carries its values keyed by the attribute's key, and its facet index holds them as
// `key=value` (facetValuesOf in src/contract/taxonomy.ts), which is where "carried" is read.

type AttributeRow = typeof attributes.$inferSelect;
type Written = AttributeRow & { categoryIds: string[] };

const toAttribute = (row: Written): Attribute => ({
  _id: row.id,
  key: row.key,
  label: row.label,
  type: row.type,
  unit: row.unit,
  multi: row.multi,
  values: row.values,
  categoryIds: row.categoryIds,
});

async function categoryIdsOf(db: Executor, attributeIds?: string[]) {
  const links = await db
    .select()
    .from(attributeCategories)
    .where(attributeIds && inArray(attributeCategories.attributeId, attributeIds))
    .orderBy(asc(attributeCategories.categoryId));
  const byAttribute = new Map<string, string[]>();
  for (const link of links) {
    byAttribute.set(link.attributeId, [
      ...(byAttribute.get(link.attributeId) ?? []),
      link.categoryId,
    ]);
  }
  return byAttribute;
}

/** Every attribute, by label, with the categories it is attached to. */
export async function listAttributes(db: Executor): Promise<{ data: Attribute[] }> {
  const rows = await db
    .select()
    .from(attributes)
    .orderBy(asc(attributes.label), asc(attributes.key));
  const links = await categoryIdsOf(db);
  return { data: rows.map((row) => toAttribute({ ...row, categoryIds: links.get(row.id) ?? [] })) };
}

/**
 * Attaches the attribute to exactly these categories. Each must exist: they are read under a
 * key-share lock, so none can be deleted before the links are written.
 */
async function attach(tx: Executor, attributeId: string, categoryIds: string[]) {
  const ids = [...new Set(categoryIds)];
  if (ids.length > 0) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, ids))
      .for('key share');
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0) {
      throw new AppError('bad_request', `categoryIds: there is no category ${missing.join(', ')}`);
    }
  }
  await tx.delete(attributeCategories).where(eq(attributeCategories.attributeId, attributeId));
  if (ids.length > 0) {
    await tx
      .insert(attributeCategories)
      .values(ids.map((categoryId) => ({ attributeId, categoryId })));
  }
  return ids.sort();
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How many products a condition holds for, and the first of them by name. */
async function carriers(tx: Executor, condition: ReturnType<typeof sql>) {
  const [first] = await tx
    .select({
      n: sql<number>`count(*) over ()`.mapWith(Number),
      name: products.name,
      sku: products.sku,
    })
    .from(products)
    .where(condition)
    .orderBy(asc(products.name), asc(products.id))
    .limit(1);
  return first;
}

/** An enum value may go only once no product carries it. */
async function refuseIfCarried(tx: Executor, attribute: AttributeRow, dropped: string[]) {
  const facets = dropped.map((value) => sql`${`${attribute.key}=${value}`}`);
  const found = await carriers(
    tx,
    sql`${products.facetValues} && array[${sql.join(facets, sql`, `)}]::text[]`,
  );
  if (!found) return;
  throw new AppError(
    'conflict',
    `values: ${plural(found.n, 'product still carries', 'products still carry')} ${attribute.label} ${dropped.join(' or ')}, ` +
      `for example ${found.name} (SKU ${found.sku}): change ${found.n === 1 ? 'it' : 'them'} first`,
  );
}

/** An attribute stops taking several values only once no product carries several. */
async function refuseIfSeveral(tx: Executor, attribute: AttributeRow) {
  const value = sql`${products.attributes} -> ${attribute.key}`;
  const found = await carriers(
    tx,
    sql`jsonb_typeof(${value}) = 'array' and jsonb_array_length(${value}) > 1`,
  );
  if (!found) return;
  throw new AppError(
    'conflict',
    `multi: ${plural(found.n, 'product carries', 'products carry')} several values of ${attribute.label}, ` +
      `for example ${found.name} (SKU ${found.sku}): change ${found.n === 1 ? 'it' : 'them'} first`,
  );
}

type AttributeInput = z.output<typeof attributeInput>;
type AttributePatch = z.output<typeof attributePatch>;

async function insertAttribute(tx: Executor, input: AttributeInput): Promise<Written> {
  const [row] = await tx
    .insert(attributes)
    .values({
      key: input.key,
      label: input.label,
      type: input.type,
      unit: input.unit ?? null,
      multi: input.multi,
      values: input.values,
    })
    .returning();
  return { ...row!, categoryIds: await attach(tx, row!.id, input.categoryIds) };
}

/**
 * Label, unit, several values or one, the enum's values and the categories. An enum value that
 * products carry stays until they no longer do; the key and type never change (the schema
 * refuses them), since every product's values are read by them.
 */
async function updateAttribute(
  tx: Executor,
  id: string,
  patch: AttributePatch,
): Promise<Written | undefined> {
  const [current] = await tx.select().from(attributes).where(eq(attributes.id, id)).for('update');
  if (!current) return undefined;
  const { values } = patch;
  if (values !== undefined) {
    if (current.type !== 'enum' && values.length > 0) {
      throw new AppError('bad_request', 'values: only an enum attribute lists values');
    }
    if (current.type === 'enum' && values.length === 0) {
      throw new AppError('bad_request', 'values: an enum attribute lists its values');
    }
    const dropped = current.values.filter((value) => !values.includes(value));
    if (dropped.length > 0) await refuseIfCarried(tx, current, dropped);
  }
  if (patch.multi === false && current.multi) await refuseIfSeveral(tx, current);
  const [row] = await tx
    .update(attributes)
    .set({
      ...(patch.label !== undefined ? { label: patch.label } : {}),
      ...(patch.unit !== undefined ? { unit: patch.unit } : {}),
      ...(patch.multi !== undefined ? { multi: patch.multi } : {}),
      ...(values !== undefined ? { values } : {}),
      updatedAt: new Date(),
    })
    .where(eq(attributes.id, id))
    .returning();
  if (patch.categoryIds === undefined) {
    return { ...row!, categoryIds: (await categoryIdsOf(tx, [id])).get(id) ?? [] };
  }
  const categoryIds = await attach(tx, id, patch.categoryIds);
  await refuseIfMisfiled(tx, carrying(current.key), `categoryIds: taking ${current.label} off`);
  return { ...row!, categoryIds };
}

const describe = (a: Written) =>
  `${a.label} (${a.key}, ${a.type}${a.unit ? ` in ${a.unit}` : ''}${a.multi ? ', several values' : ''}` +
  `${a.values.length > 0 ? `: ${a.values.join(', ')}` : ''}; on ${plural(a.categoryIds.length, 'category', 'categories')})`;

/** Writes the attribute with its audit line, in one transaction. */
async function audited(
  db: Db,
  actor: AuditActor,
  action: 'create' | 'update',
  run: (tx: Executor) => Promise<Written | undefined>,
) {
  return db.transaction(async (tx) => {
    const row = await run(tx);
    if (row) {
      await recordAudit(tx, actor, {
        action: `attribute.${action}`,
        targetType: 'attribute',
        targetId: row.id,
        summary: `${action === 'create' ? 'Added the attribute' : 'Changed the attribute: now'} ${describe(row)}`,
      });
    }
    return row;
  });
}

export async function addAttribute(db: Db, actor: AuditActor, input: AttributeInput) {
  try {
    return toAttribute((await audited(db, actor, 'create', (tx) => insertAttribute(tx, input)))!);
  } catch (err) {
    if (violatedConstraint(err, '23505') !== 'attribute_key_idx') throw err;
    const [holder] = await db.select().from(attributes).where(eq(attributes.key, input.key));
    throw new AppError(
      'conflict',
      `The key ${input.key} is already used by the attribute ${holder?.label ?? 'another attribute'}`,
    );
  }
}

export async function changeAttribute(
  db: Db,
  actor: AuditActor,
  id: string,
  patch: AttributePatch,
) {
  const row = isUuid(id)
    ? await audited(db, actor, 'update', (tx) => updateAttribute(tx, id, patch))
    : undefined;
  if (!row) throw notFound('Attribute');
  return toAttribute(row);
}

/** The attributes these keys name (a family's axes), to tell which keys name none. */
export async function attributeKeysAmong(db: Executor, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const found = await db
    .select({ key: attributes.key })
    .from(attributes)
    .where(inArray(attributes.key, keys));
  return new Set(found.map((a) => a.key));
}
