import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addresses, type AddressCopy } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Omit<typeof addresses.$inferInsert, 'id' | 'userId'>;
export type DefaultKind = 'shipping' | 'billing';

const defaultColumn = (kind: DefaultKind) =>
  kind === 'shipping' ? addresses.isDefaultShipping : addresses.isDefaultBilling;

const own = (userId: string, id: string) => and(eq(addresses.id, id), eq(addresses.userId, userId));

/** One of the account's addresses; undefined for another account's, as for none at all. */
export async function findOwnAddress(db: Executor, userId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(addresses).where(own(userId, id));
  return row;
}

export async function findDefaultAddress(db: Executor, userId: string, kind: DefaultKind) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), defaultColumn(kind)));
  return row;
}

/** The copy an order keeps: editing or deleting the address later changes no order. */
export const toAddressCopy = (row: AddressRow): AddressCopy => ({
  label: row.label,
  company: row.company,
  name: row.name,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  region: row.region,
  postalCode: row.postalCode,
  country: row.country,
  phone: row.phone,
});

export const listOwnAddresses = (db: Executor, userId: string) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));

export async function countOwnAddresses(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(db: Executor, userId: string, values: AddressValues) {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, userId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAddress(
  db: Executor,
  userId: string,
  id: string,
  values: Partial<AddressValues>,
) {
  const [row] = await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(own(userId, id))
    .returning();
  return row;
}

export async function deleteAddress(db: Executor, userId: string, id: string) {
  const [row] = await db.delete(addresses).where(own(userId, id)).returning();
  return row;
}

/** Clears the account's default of this kind (before another address takes it). */
export const clearDefault = (db: Executor, userId: string, kind: DefaultKind) =>
  db
    .update(addresses)
    .set(kind === 'shipping' ? { isDefaultShipping: false } : { isDefaultBilling: false })
    .where(and(eq(addresses.userId, userId), defaultColumn(kind)));

export async function newestAddress(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row;
}

// Any constant: the key space of the per-account lock on its address book. (The two-number
// advisory locks never collide with the one-number lock the migrations take.)
const ADDRESS_BOOK_LOCK = 724_321;

/**
 * Lines up one account's address writes until the transaction ends, so the count under the
 * cap and "is this the first address" cannot be read by two requests at once.
 */
export async function lockAddressBook(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_BOOK_LOCK}, hashtext(${userId}))`);
}
