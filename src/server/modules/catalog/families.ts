import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Family, familyInput, familyPatch } from '../../../contract/taxonomy.ts';
import { auditedRows } from '../../audit/audited-rows.ts';
import type { AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { families, products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { attributeKeysAmong } from './attributes.ts';

// Families: products that differ by one or two attributes, their axes (a tyre in four widths).

type FamilyRow = typeof families.$inferSelect;

const toFamily = (row: FamilyRow): Family => ({ _id: row.id, name: row.name, axes: row.axes });

export async function listFamilies(db: Executor): Promise<{ data: Family[] }> {
  const rows = await db.select().from(families).orderBy(asc(families.name), asc(families.id));
  return { data: rows.map(toFamily) };
}

/** Each axis is an attribute's key. (Attributes are never deleted, so a checked key stays.) */
async function checkAxes(tx: Executor, axes: string[]) {
  const known = await attributeKeysAmong(tx, axes);
  const unknown = axes.filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new AppError(
      'bad_request',
      `axes: there is no attribute with the key ${unknown.join(' or ')}`,
    );
  }
}

async function insertFamily(tx: Executor, input: z.output<typeof familyInput>) {
  await checkAxes(tx, input.axes);
  const [row] = await tx.insert(families).values(input).returning();
  return row!;
}

async function updateFamily(tx: Executor, id: string, patch: z.output<typeof familyPatch>) {
  if (patch.axes) await checkAxes(tx, patch.axes);
  const [row] = await tx
    .update(families)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(families.id, id))
    .returning();
  return row;
}

/**
 * Deletes a family no product belongs to. Its row is locked first: a product joining it holds
 * a key-share lock on that row, so it is counted once it commits, and a later one finds it gone.
 */
async function deleteFamily(tx: Executor, id: string) {
  const [family] = await tx.select().from(families).where(eq(families.id, id)).for('update');
  if (!family) return undefined;
  const [members] = await tx.select({ n: count() }).from(products).where(eq(products.familyId, id));
  const n = members?.n ?? 0;
  if (n > 0) {
    throw new AppError(
      'conflict',
      `The family ${family.name} still has ${n} product${n === 1 ? '' : 's'}: take them out of it or delete them first`,
    );
  }
  await tx.delete(families).where(eq(families.id, id));
  return family;
}

const describe = (f: FamilyRow) => `${f.name}, by ${f.axes.join(' and ')}`;

const rows = auditedRows({
  what: 'Family',
  targetType: 'family',
  insert: insertFamily,
  update: updateFamily,
  remove: deleteFamily,
  summaries: {
    create: (f) => `Added the family ${describe(f)}`,
    update: (f) => `Changed the family: now ${describe(f)}`,
    delete: (f) => `Deleted the family ${describe(f)}`,
  },
});

export async function addFamily(db: Db, actor: AuditActor, input: z.output<typeof familyInput>) {
  return toFamily(await rows.add(db, actor, input));
}

export async function changeFamily(
  db: Db,
  actor: AuditActor,
  id: string,
  patch: z.output<typeof familyPatch>,
) {
  return toFamily(await rows.change(db, actor, id, patch));
}

export async function removeFamily(db: Db, actor: AuditActor, id: string) {
  const removed = await rows.remove(db, actor, id);
  return { deleted: true as const, _id: removed.id };
}
