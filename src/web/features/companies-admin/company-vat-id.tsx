import type { CompanyDetail, CompanySummary } from '../../../contract/companies.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { FormError } from '../../components/form-fields.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useUpdateCompanyTerms } from './api.ts';

/** "VAT ID BE0876543270 (not verified)", or "No VAT ID". */
export const vatIdText = (company: Pick<CompanySummary, 'vatId' | 'vatIdVerified'>) =>
  company.vatId
    ? `VAT ID ${company.vatId} (${company.vatIdVerified ? 'verified' : 'not verified'})`
    : 'No VAT ID';

/**
 * The company's VAT ID and whether it is verified, with the shop admin's button to say so (once
 * they have checked it is registered, say in VIES): only a verified one zero-rates the company's
 * EU orders. PATCH /companies/{id} { vatIdVerified }, audited by the server.
 */
export function CompanyVatId({ company }: { company: CompanyDetail }) {
  const save = useUpdateCompanyTerms(company._id);
  if (!company.vatId) return null;
  const verified = !company.vatIdVerified;
  return (
    <div className="flex flex-col gap-2">
      <p>
        {company.vatIdVerified
          ? `VAT ID ${company.vatId} is verified: orders shipped to another EU country are zero-rated (reverse charge).`
          : `VAT ID ${company.vatId} is not verified: VAT is charged on every order until it is.`}
      </p>
      <BusyButton
        className="btn btn-outline btn-sm self-start"
        pending={save.isPending}
        onClick={() =>
          save.mutate(
            { vatIdVerified: verified },
            {
              onSuccess: (saved) =>
                notify(
                  'success',
                  saved.vatIdVerified
                    ? `${saved.name}: VAT ID ${saved.vatId} is verified.`
                    : `${saved.name}: VAT ID ${saved.vatId} is no longer verified.`,
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
