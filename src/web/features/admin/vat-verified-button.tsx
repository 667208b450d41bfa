import type { TaxDetails } from '../../../contract/vat-id.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { FormError } from '../../components/form-fields.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useSetVatVerified } from './users-api.ts';

/** "BE0412345614 (not verified)": the account's VAT ID as the admin judges it. */
export const vatIdText = (tax: TaxDetails) =>
  tax.vatId
    ? `${tax.vatId} (${!tax.vatIdValid ? 'not a valid EU VAT ID' : tax.vatIdVerified ? 'verified' : 'not verified'})`
    : '—';

/**
 * Marks the account's VAT ID verified (once the admin has checked it is registered, say in
 * VIES), or not: only a verified one zero-rates its EU orders. Audited by the server.
 */
export function VatVerifiedButton({
  userId,
  email,
  tax,
}: {
  userId: string;
  email: string;
  tax: TaxDetails;
}) {
  const save = useSetVatVerified();
  if (!tax.vatId || !tax.vatIdValid) return null;
  const verified = !tax.vatIdVerified;
  return (
    <div className="flex flex-col gap-1">
      <BusyButton
        className="btn btn-outline btn-sm self-start"
        pending={save.isPending}
        onClick={() =>
          save.mutate(
            { id: userId, verified },
            {
              onSuccess: (saved) =>
                notify(
                  'success',
                  saved.vatIdVerified
                    ? `The VAT ID ${saved.vatId} of ${email} is verified: its EU orders are zero-rated.`
                    : `The VAT ID ${saved.vatId} of ${email} is no longer verified.`,
                ),
            },
          )
        }
      >
        {verified ? 'Mark VAT ID verified' : 'Mark VAT ID not verified'}
      </BusyButton>
      <FormError message={save.error && errorMessage(save.error)} />
    </div>
  );
}
