import type { Address, AddressInput } from '../../../contract/addresses.ts';
import type { Db, Transaction } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  clearDefault,
  countBook,
  deleteAddress,
  findOwnAddress,
  insertAddress,
  listOwnAddresses,
  lockAddressBook,
  memberCompanyId,
  newestAddress,
  toAddressCopy,
  updateAddress,
  type AddressRow,
  type Book,
  type DefaultKind,
} from './repository.ts';

/** How many addresses one account keeps: plenty for a shop's sites, not a dumping ground. */
export const MAX_ADDRESSES = 50;

const toAddress = (row: AddressRow): Address => ({
  _id: row.id,
  ...toAddressCopy(row),
  label: row.label,
  isDefaultShipping: row.isDefaultShipping,
  isDefaultBilling: row.isDefaultBilling,
});

/**
 * The account's addresses and its company's. A member's own default shows only while the
 * company has none of that kind: the company's is the one orders use.
 */
export async function ownAddresses(db: Db, userId: string) {
  const rows = await listOwnAddresses(db, userId);
  const companyHas = (flag: 'isDefaultShipping' | 'isDefaultBilling') =>
    rows.some((row) => row.companyId !== null && row[flag]);
  const shipping = companyHas('isDefaultShipping');
  const billing = companyHas('isDefaultBilling');
  const shown = rows.map((row) =>
    row.companyId !== null
      ? row
      : {
          ...row,
          isDefaultShipping: row.isDefaultShipping && !shipping,
          isDefaultBilling: row.isDefaultBilling && !billing,
        },
  );
  return { data: shown.map(toAddress) };
}

/** The book the account writes to: its company's when it is a member, else its own. */
const bookOf = async (db: Transaction, userId: string): Promise<Book> => ({
  userId,
  companyId: await memberCompanyId(db, userId),
});

const kinds = [
  ['shipping', 'isDefaultShipping'],
  ['billing', 'isDefaultBilling'],
] as const satisfies readonly (readonly [DefaultKind, keyof AddressInput])[];

/**
 * An address taking a default takes it from the others first, in the same transaction: the
 * partial unique index allows one default of each kind, and nobody sees none or two.
 */
async function takeDefaults(tx: Transaction, userId: string, wants: AddressInput) {
  for (const [kind, flag] of kinds) if (wants[flag]) await clearDefault(tx, userId, kind);
}

export async function addAddress(db: Db, userId: string, input: AddressInput) {
  const row = await db.transaction(async (tx) => {
    const book = await bookOf(tx, userId);
    await lockAddressBook(tx, book);
    const count = await countBook(tx, book);
    if (count >= MAX_ADDRESSES) {
      const who = book.companyId ? 'A company' : 'An account';
      throw new AppError(
        'conflict',
        `${who} keeps at most ${MAX_ADDRESSES} addresses: remove one you no longer use first.`,
      );
    }
    // The first address is where orders go and what invoices show until another is chosen.
    const values =
      count === 0 ? { ...input, isDefaultShipping: true, isDefaultBilling: true } : input;
    await takeDefaults(tx, userId, values);
    return insertAddress(tx, book, values);
  });
  return toAddress(row);
}

/**
 * Defaults move by being set on another address: clearing the flag on the default itself
 * keeps it, so an account with addresses always has somewhere orders go.
 */
export async function changeAddress(db: Db, userId: string, id: string, input: AddressInput) {
  const row = await db.transaction(async (tx) => {
    await lockAddressBook(tx, await bookOf(tx, userId));
    const before = await findOwnAddress(tx, userId, id);
    if (!before) return undefined;
    const values = {
      ...input,
      isDefaultShipping: input.isDefaultShipping || before.isDefaultShipping,
      isDefaultBilling: input.isDefaultBilling || before.isDefaultBilling,
    };
    await takeDefaults(tx, userId, {
      ...values,
      isDefaultShipping: values.isDefaultShipping && !before.isDefaultShipping,
      isDefaultBilling: values.isDefaultBilling && !before.isDefaultBilling,
    });
    return updateAddress(tx, userId, id, values);
  });
  if (!row) throw notFound('Address');
  return toAddress(row);
}

/** Orders keep their copies; a default removed passes to the newest address left. */
export async function removeAddress(db: Db, userId: string, id: string) {
  const row = await db.transaction(async (tx) => {
    await lockAddressBook(tx, await bookOf(tx, userId));
    const removed = (await findOwnAddress(tx, userId, id)) && (await deleteAddress(tx, userId, id));
    if (!removed || !(removed.isDefaultShipping || removed.isDefaultBilling)) return removed;
    const heir = await newestAddress(tx, removed);
    if (heir) {
      await updateAddress(tx, userId, heir.id, {
        isDefaultShipping: heir.isDefaultShipping || removed.isDefaultShipping,
        isDefaultBilling: heir.isDefaultBilling || removed.isDefaultBilling,
      });
    }
    return removed;
  });
  if (!row) throw notFound('Address');
  return { deleted: true as const, _id: row.id };
}
