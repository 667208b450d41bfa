import { FormCard } from '../../components/form-card.tsx';
import {
  CheckboxField,
  FormError,
  SubmitButton,
  TextField,
} from '../../components/form-fields.tsx';
import { ruleResolver } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { useIntentForm } from '../../lib/use-intent-form.ts';
import { createCompanyRule, useCreateCompany } from './company-api.ts';
import type { CreateCompanyForm } from './company-forms.ts';

const checkCompany = ruleResolver(createCompanyRule);
export const COMPANY_CREATED = 'Your company has been created. Invite the people who order.';

/** For an account in no company: make one, with the caller as its owner. */
export function CreateCompanyForm() {
  const create = useCreateCompany();
  const { form, kept, field, showRefusal, formError } = useIntentForm<CreateCompanyForm>({
    intent: 'create-company',
    names: ['name', 'vatId'],
    resolver: checkCompany,
    keep: (posted) => ({
      name: posted?.name ?? '',
      vatId: posted?.vatId ?? '',
      poRequired: posted?.poRequired === 'on',
    }),
  });

  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => notify('success', COMPANY_CREATED),
      onError: showRefusal,
    }),
  );

  return (
    <FormCard
      titleId="create-company-title"
      title="Create a company"
      heading="h2"
      onSubmit={submit}
      method="post"
      wide
    >
      <input type="hidden" name="intent" value="create-company" />
      <p className="text-base-content/80">
        Order for your shop or workshop as a team: invite the people who order, set their spending
        limits, and pay on account once we have agreed terms with you.
      </p>
      <TextField
        id="company-name"
        label="Company name"
        autoComplete="organization"
        required
        {...field('name')}
      />
      <TextField
        id="company-vat-id"
        label="VAT ID (optional)"
        placeholder="NL854502130B01"
        hint="Printed on your invoices; leave it empty if your business has none."
        {...field('vatId')}
      />
      <CheckboxField
        label="Every order needs a PO number"
        defaultChecked={kept.poRequired}
        registration={form.register('poRequired')}
      />
      <SubmitButton pending={create.isPending}>Create company</SubmitButton>
      <FormError message={formError(create.error)} />
    </FormCard>
  );
}
