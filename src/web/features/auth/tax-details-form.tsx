import type { TaxDetails, TaxDetailsInput } from '../../../contract/vat-id.ts';
import { FormCard } from '../../components/form-card.tsx';
import { FormError, SubmitButton, TextField } from '../../components/form-fields.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ruleResolver } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { useIntentForm } from '../../lib/use-intent-form.ts';
import { taxDetailsRule, useMyTax, useSaveMyTax } from './tax-api.ts';

// The VAT check (jsvat's EU rules) loads on the form's first check, not with the page.
const checkTaxDetails = ruleResolver(taxDetailsRule);

/** The company and VAT ID printed on the buyer's invoices; a verified EU VAT ID may mean reverse charge. */
export function TaxDetailsSection() {
  const tax = useMyTax();
  if (tax.isPending) return <SectionSpinner label="Loading your tax details" />;
  if (tax.isError) return <SectionError error={tax.error} />;
  return <TaxDetailsForm saved={tax.data} />;
}

function TaxDetailsForm({ saved }: { saved: TaxDetails }) {
  const save = useSaveMyTax();
  const { form, field, showRefusal, formError } = useIntentForm<TaxDetailsInput>({
    intent: 'tax',
    names: ['companyName', 'vatId'],
    resolver: checkTaxDetails,
    keep: (posted) => ({
      companyName: posted?.companyName ?? saved.companyName,
      vatId: posted?.vatId ?? saved.vatId,
    }),
  });

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (result) => {
        notify('success', 'Your tax details have been saved.');
        form.reset({ companyName: result.companyName, vatId: result.vatId });
      },
      onError: showRefusal,
    }),
  );

  return (
    <FormCard
      titleId="tax-form-title"
      title="Company and VAT"
      heading="h2"
      onSubmit={submit}
      // Sent by script; before it has loaded, the page's action saves it (docs/decisions/0018).
      method="post"
    >
      <input type="hidden" name="intent" value="tax" />
      <p className="text-sm text-base-content/80">
        Printed on your invoices. With an EU VAT ID of another member state than the shop&apos;s,
        once we have verified it, orders shipped to another EU country are invoiced without VAT
        (reverse charge).
      </p>
      <TextField
        id="tax-company"
        label="Company name"
        autoComplete="organization"
        {...field('companyName')}
      />
      <TextField
        id="tax-vat-id"
        label="VAT ID"
        placeholder="DE136695976"
        hint={
          saved.vatId === ''
            ? 'Leave it empty if your business has none.'
            : saved.vatIdVerified
              ? `${saved.vatId} is verified.`
              : `${saved.vatId} is not verified yet: VAT is charged until we have verified it.`
        }
        {...field('vatId')}
      />
      {saved.taxExempt && (
        <p className="text-sm">
          Your account is tax-exempt
          {saved.exemptCertificate && ` (certificate ${saved.exemptCertificate})`}: no tax is
          charged on your orders.
        </p>
      )}
      <div className="max-w-xs">
        <SubmitButton pending={save.isPending}>Save tax details</SubmitButton>
      </div>
      <FormError message={formError(save.error)} />
    </FormCard>
  );
}
