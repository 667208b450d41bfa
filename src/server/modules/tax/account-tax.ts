import {
  checkVatId,
  type TaxDetails,
  type TaxDetailsInput,
  type TaxExemptInput,
  type VatVerifiedInput,
} from '../../../contract/vat-id.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { vetVatId, type VatIds } from '../../lib/vat-ids.ts';
import {
  findAccountTax,
  updateVatVerified,
  upsertTaxDetails,
  upsertTaxExempt,
  type AccountTax,
} from './repository.ts';

/** An account that never set any: no company, no VAT ID, not exempt. */
const NONE: AccountTax = {
  companyName: '',
  vatId: '',
  vatIdVerified: false,
  taxExempt: false,
  exemptCertificate: null,
};

const toTaxDetails = (tax: AccountTax = NONE): TaxDetails => ({
  companyName: tax.companyName,
  vatId: tax.vatId,
  vatIdValid: tax.vatId !== '' && checkVatId(tax.vatId).valid,
  vatIdVerified: tax.vatId !== '' && tax.vatIdVerified,
  taxExempt: tax.taxExempt,
  exemptCertificate: tax.exemptCertificate ?? '',
});

/** The account's user, wired in by the app: throws the 404 of an unknown user. */
export type FindUser = (id: string) => Promise<{ _id: string; email: string }>;

export async function accountTaxDetails(db: Db, userId: string) {
  return toTaxDetails(await findAccountTax(db, userId));
}

/** The buyer's company and VAT ID: never the shop's own (400); a new VAT ID is unverified unless VIES confirms it. */
export async function setOwnTaxDetails(
  db: Db,
  vatIds: VatIds,
  userId: string,
  input: TaxDetailsInput,
) {
  const confirmed = await vetVatId(vatIds, input.vatId, await findAccountTax(db, userId));
  await upsertTaxDetails(db, userId, input, confirmed);
  return accountTaxDetails(db, userId);
}

export async function userTaxDetails(db: Db, findUser: FindUser, id: string) {
  const user = await findUser(id);
  return accountTaxDetails(db, user._id);
}

/**
 * An admin's word that the account's VAT ID is registered (or not), in the audit trail with the
 * VAT ID it was said of. 409 when the account has no VAT ID to verify.
 */
export async function setVatVerified(
  db: Db,
  findUser: FindUser,
  admin: AuditActor,
  id: string,
  { verified }: VatVerifiedInput,
) {
  const user = await findUser(id);
  await db.transaction(async (tx) => {
    const vatId = await updateVatVerified(tx, user._id, verified);
    if (vatId === undefined) {
      throw new AppError('conflict', `${user.email} has no VAT ID to verify.`);
    }
    await recordAudit(tx, admin, {
      action: verified ? 'user.vat_verified' : 'user.vat_unverified',
      targetType: 'user',
      targetId: user._id,
      summary: verified
        ? `Verified the VAT ID ${vatId} of ${user.email}`
        : `Marked the VAT ID ${vatId} of ${user.email} as not verified`,
    });
  });
  return accountTaxDetails(db, user._id);
}

/** An admin's decision, in the audit trail: who exempted whom, on which certificate. */
export async function setTaxExempt(
  db: Db,
  findUser: FindUser,
  admin: AuditActor,
  id: string,
  { exempt, certificate }: TaxExemptInput,
) {
  const user = await findUser(id);
  await db.transaction(async (tx) => {
    await upsertTaxExempt(tx, user._id, {
      taxExempt: exempt,
      exemptCertificate: exempt ? certificate : null,
    });
    await recordAudit(tx, admin, {
      action: exempt ? 'user.tax_exempt' : 'user.tax_exempt_end',
      targetType: 'user',
      targetId: user._id,
      summary: exempt
        ? `Made ${user.email} tax-exempt (certificate ${certificate})`
        : `Ended the tax exemption of ${user.email}`,
    });
  });
  return accountTaxDetails(db, user._id);
}
