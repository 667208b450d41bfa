import { useForm } from 'react-hook-form';
import { FormCard } from '../../components/form-card.tsx';
import { FormError, SubmitButton, TextField } from '../../components/form-fields.tsx';
import { errorMessage, fieldError } from '../../lib/error-message.ts';
import { ruleResolver, useFormAnswer } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { createCompanyRule, useCreateCompany } from './company-api.ts';
import type { CreateCompanyForm } from './company-forms.ts';

const checkCompany = ruleResolver(createCompanyRule);
export const COMPANY_CREATED = 'Your company has been created. Invite the people who order.';

/** For an account in no company: make one, with the caller as its owner. */
export function CreateCompanyForm() {
  const create = useCreateCompany();
  const answer = useFormAnswer();
  const mine = answer?.values.intent === 'create-company';
  const kept = {
    name: (mine ? answer.values.name : undefined) ?? '',
    vatId: (mine ? answer.values.vatId : undefined) ?? '',
    poRequired: mine ? answer.values.poRequired === 'on' : false,
  };
  const form = useForm<CreateCompanyForm>({ resolver: checkCompany, defaultValues: kept });
  const errors = form.formState.errors;
  const refused = fieldError(create.error);

  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => notify('success', COMPANY_CREATED),
      onError: (error) => {
        const named = fieldError(error);
        if (named?.field === 'name' || named?.field === 'vatId') {
          form.setError(named.field, { message: named.message });
        }
      },
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
        type="text"
        autoComplete="organization"
        required
        defaultValue={kept.name}
        registration={form.register('name')}
        error={errors.name?.message ?? (mine ? answer.fieldErrors.name : undefined)}
      />
      <TextField
        id="company-vat-id"
        label="VAT ID (optional)"
        type="text"
        placeholder="NL854502130B01"
        hint="Printed on your invoices; leave it empty if your business has none."
        defaultValue={kept.vatId}
        registration={form.register('vatId')}
        error={errors.vatId?.message ?? (mine ? answer.fieldErrors.vatId : undefined)}
      />
      <label className="label cursor-pointer gap-2 text-base-content">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          defaultChecked={kept.poRequired}
          {...form.register('poRequired')}
        />
        Every order needs a PO number
      </label>
      <SubmitButton pending={create.isPending}>Create company</SubmitButton>
      <FormError
        message={
          create.isError && !(refused?.field === 'name' || refused?.field === 'vatId')
            ? errorMessage(create.error)
            : mine
              ? answer.formError
              : null
        }
      />
    </FormCard>
  );
}
