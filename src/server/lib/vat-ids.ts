import { checkVatId, sameVatId, SHOP_VAT_ID_MESSAGE } from '../../contract/vat-id.ts';
import { AppError } from '../errors.ts';

// Where a buyer or a company saves a VAT ID (their tax details, a company): the shop's own is
// refused, and a new one is verified only when the EU's VIES service confirms it. Wired in by
// the app, so the modules that save VAT IDs read no other module's table.

export type VatIds = {
  /** The shop's own VAT ID ('' when it has none). */
  shopVatId: () => Promise<string>;
  /** Whether VIES confirms the VAT ID is registered: false when the check is off, unreachable or says no. */
  confirmed: (vatId: string) => Promise<boolean>;
};

/** No check and no shop VAT ID: for callers that never save one (tests of other things). */
export const NO_VAT_IDS: VatIds = {
  shopVatId: () => Promise.resolve(''),
  confirmed: () => Promise.resolve(false),
};

/**
 * Checks a VAT ID about to be saved, before the transaction that saves it (VIES may take a few
 * seconds): 400 on `vatId` for the shop's own; otherwise whether VIES confirms it. Asked only
 * when there is something to learn: a VAT ID, and not one already verified.
 */
export async function vetVatId(
  vatIds: VatIds,
  vatId: string,
  saved?: { vatId: string; vatIdVerified: boolean },
): Promise<boolean> {
  if (vatId === '') return false;
  if (sameVatId(vatId, await vatIds.shopVatId())) {
    throw new AppError('bad_request', `vatId: ${SHOP_VAT_ID_MESSAGE}`);
  }
  if (saved?.vatIdVerified && saved.vatId === vatId) return true;
  return checkVatId(vatId).valid && vatIds.confirmed(vatId);
}
