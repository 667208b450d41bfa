import {
  checkVatId,
  type TaxDetails,
  type TaxDetailsInput,
  type TaxExemptInput,
} from '../../../contract/vat-id.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import {
  findAccountTax,
  upsertTaxDetails,
  upsertTaxExempt,
  type AccountTax,
} from './repository.ts';

/** An account that never set any: no company, no VAT ID, not exempt. */
const NONE: AccountTax = { companyName: '', vatId: '', taxExempt: false, exemptCertificate: null };

const toTaxDetails = (tax: AccountTax = NONE): TaxDetails => ({
  companyName: tax.companyName,
  vatId: tax.vatId,
  vatIdValid: tax.vatId !== '' && checkVatId(tax.vatId).valid,
  taxExempt: tax.taxExempt,
  exemptCertificate: tax.exemptCertificate ?? '',
});

/** The account's user, wired in by the app: throws the 404 of an unknown user. */
export type FindUser = (id: string) => Promise<{ _id: string; email: string }>;

export async function accountTaxDetails(db: Db, userId: string) {
  return toTaxDetails(await findAccountTax(db, userId));
}

export async function setOwnTaxDetails(db: Db, userId: string, input: TaxDetailsInput) {
  await upsertTaxDetails(db, userId, input);
  return accountTaxDetails(db, userId);
}

export async function userTaxDetails(db: Db, findUser: FindUser, id: string) {
  const user = await findUser(id);
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
