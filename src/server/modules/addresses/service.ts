import type { Address, AddressInput } from '../../../contract/addresses.ts';
import type { Db, Transaction } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  clearDefault,
  countOwnAddresses,
  deleteAddress,
  findOwnAddress,
  insertAddress,
  listOwnAddresses,
  lockAddressBook,
  newestAddress,
  toAddressCopy,
  updateAddress,
  type AddressRow,
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

export async function ownAddresses(db: Db, userId: string) {
  return { data: (await listOwnAddresses(db, userId)).map(toAddress) };
}

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
    await lockAddressBook(tx, userId);
    const count = await countOwnAddresses(tx, userId);
    if (count >= MAX_ADDRESSES) {
      throw new AppError(
        'conflict',
        `An account keeps at most ${MAX_ADDRESSES} addresses: remove one you no longer use first.`,
      );
    }
    // The first address is where orders go and what invoices show until another is chosen.
    const values =
      count === 0 ? { ...input, isDefaultShipping: true, isDefaultBilling: true } : input;
    await takeDefaults(tx, userId, values);
    return insertAddress(tx, userId, values);
  });
  return toAddress(row);
}

/**
 * Defaults move by being set on another address: clearing the flag on the default itself
 * keeps it, so an account with addresses always has somewhere orders go.
 */
export async function changeAddress(db: Db, userId: string, id: string, input: AddressInput) {
  const row = await db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
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
    await lockAddressBook(tx, userId);
    const removed = (await findOwnAddress(tx, userId, id)) && (await deleteAddress(tx, userId, id));
    if (!removed || !(removed.isDefaultShipping || removed.isDefaultBilling)) return removed;
    const heir = await newestAddress(tx, userId);
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
