import { asc, eq } from 'drizzle-orm';
import type { ShippingMethodCents } from '../../../contract/shipping-rules.ts';
import type { Executor } from '../../db/client.ts';
import { shippingMethods } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type ShippingMethodValues = Omit<typeof shippingMethods.$inferInsert, 'id'>;

export const toMethodCents = (row: ShippingMethodRow): ShippingMethodCents => ({
  id: row.id,
  name: row.name,
  countries: row.countries,
  rate: row.rate,
  freeOverCents: row.freeOverCents,
  freeOverUpToGrams: row.freeOverUpToGrams,
  deliveryDays: { min: row.deliveryMinDays, max: row.deliveryMaxDays },
});

/** Every method on offer, by name. */
export async function listShippingMethods(db: Executor): Promise<ShippingMethodCents[]> {
  const rows = await db
    .select()
    .from(shippingMethods)
    .orderBy(asc(shippingMethods.name), asc(shippingMethods.id));
  return rows.map(toMethodCents);
}

export async function findShippingMethod(
  db: Executor,
  id: string,
): Promise<ShippingMethodCents | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id));
  return row && toMethodCents(row);
}

export async function insertShippingMethod(db: Executor, values: ShippingMethodValues) {
  const [row] = await db.insert(shippingMethods).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return toMethodCents(row);
}

export async function updateShippingMethod(db: Executor, id: string, values: ShippingMethodValues) {
  const [row] = await db
    .update(shippingMethods)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shippingMethods.id, id))
    .returning();
  return row && toMethodCents(row);
}

export async function deleteShippingMethod(db: Executor, id: string) {
  const [row] = await db.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning();
  return row && toMethodCents(row);
}
