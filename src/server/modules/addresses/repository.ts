import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addresses, companyMembers, type AddressCopy } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'companyId'>;
export type DefaultKind = 'shipping' | 'billing';

const defaultColumn = (kind: DefaultKind) =>
  kind === 'shipping' ? addresses.isDefaultShipping : addresses.isDefaultBilling;

/**
 * The company the account belongs to, as SQL: a company's members share its address book, so
 * every read here sees the account's own addresses and its company's. Read in the statement
 * itself, so a member who left stops seeing the company's at once, whoever asks.
 */
const companyOfUser = (userId: string) =>
  sql`(select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`;

/** The addresses the account sees: its own, and its company's while it is a member. */
const visibleTo = (userId: string) =>
  or(eq(addresses.userId, userId), sql`${addresses.companyId} = ${companyOfUser(userId)}`);

const own = (userId: string, id: string) => and(eq(addresses.id, id), visibleTo(userId));

/** The company whose book the account's new addresses go to; undefined outside a company. */
export async function memberCompanyId(db: Executor, userId: string) {
  const [row] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return row?.companyId;
}

/** Where a new address of the account goes: its company's book, or its own. */
export type Book = { userId: string; companyId: string | undefined };

const inBook = (book: Book) =>
  book.companyId ? eq(addresses.companyId, book.companyId) : eq(addresses.userId, book.userId);

/** One of the addresses the account sees; undefined for another's, as for none at all. */
export async function findOwnAddress(db: Executor, userId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(addresses).where(own(userId, id));
  return row;
}

/** The account's default of this kind: its company's when it has one, else its own. */
export async function findDefaultAddress(db: Executor, userId: string, kind: DefaultKind) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(visibleTo(userId), defaultColumn(kind)))
    .orderBy(sql`${addresses.companyId} is null`)
    .limit(1);
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

/** The account's addresses and its company's, oldest first. */
export const listOwnAddresses = (db: Executor, userId: string) =>
  db
    .select()
    .from(addresses)
    .where(visibleTo(userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));

/** How many addresses the book holds (the cap is per book). */
export async function countBook(db: Executor, book: Book) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(inBook(book));
  return row?.n ?? 0;
}

export async function insertAddress(db: Executor, book: Book, values: AddressValues) {
  const owner = book.companyId
    ? { companyId: book.companyId, userId: null }
    : { userId: book.userId, companyId: null };
  const [row] = await db
    .insert(addresses)
    .values({ ...values, ...owner, createdBy: book.userId })
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

/**
 * Clears the defaults of this kind the account sees (its own and its company's) before another
 * address takes it: a member's default is then the one they chose, and the company's is
 * everyone's.
 */
export const clearDefault = (db: Executor, userId: string, kind: DefaultKind) =>
  db
    .update(addresses)
    .set(kind === 'shipping' ? { isDefaultShipping: false } : { isDefaultBilling: false })
    .where(and(visibleTo(userId), defaultColumn(kind)));

/** The newest address of the book the row belongs to: where a removed default passes. */
export async function newestAddress(db: Executor, of: Pick<AddressRow, 'userId' | 'companyId'>) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      of.companyId ? eq(addresses.companyId, of.companyId) : eq(addresses.userId, of.userId ?? ''),
    )
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row;
}

// Any constant: the key space of the per-account lock on its address book. (The two-number
// advisory locks never collide with the one-number lock the migrations take.)
const ADDRESS_BOOK_LOCK = 724_321;

/**
 * Lines up the address writes of the account and of its company (in that order, always) until
 * the transaction ends, so the count under the cap and "is this the first address" cannot be
 * read by two requests at once.
 */
export async function lockAddressBook(tx: Executor, book: Book) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${ADDRESS_BOOK_LOCK}, hashtext(${book.userId}))`,
  );
  if (book.companyId) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${ADDRESS_BOOK_LOCK}, hashtext(${book.companyId}))`,
    );
  }
}
