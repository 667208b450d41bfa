import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  companyTermsInput,
  type CompanyDetail,
  type CompanyTermsInput,
} from '../../../contract/companies.ts';
import { formatDollars } from '../../../contract/money.ts';
import { FormFooter, NumberField } from '../../components/form-fields.tsx';
import { fieldsOf, kebab } from '../../lib/fields-of.ts';
import { formErrorOf, inputResolver, showFieldIssue, type FieldOf } from '../../lib/form-issues.ts';
import { notify } from '../../lib/notify.ts';
import { useUpdateCompanyTerms } from './api.ts';
import { termsText } from './company-text.ts';

/** The terms as the form holds them: on account or not, then how many days. */
type Values = { onAccount: boolean; netDays: number; creditLimit: number };

/** What the form showed, sent back with a change so another admin's change is not undone. */
type Seen = NonNullable<CompanyTermsInput['termsWas']>;

const seenOf = (company: CompanyDetail): Seen => ({
  netDays: company.terms?.netDays ?? null,
  creditLimit: company.creditLimit,
});

const toInput = (v: Values): CompanyTermsInput => ({
  terms: v.onAccount ? { netDays: v.netDays } : null,
  creditLimit: v.creditLimit,
});

const fieldOf: FieldOf<Values> = (path) => {
  if (path.startsWith('terms')) return 'netDays';
  if (path === 'creditLimit') return 'creditLimit';
  return undefined;
};

const resolver = inputResolver(companyTermsInput, toInput, fieldOf);

const toValues = (company: CompanyDetail): Values => ({
  onAccount: company.terms !== null,
  netDays: company.terms?.netDays ?? 30,
  creditLimit: company.creditLimit,
});

/** Payment terms (net days, or none: the company pays by card) and the credit limit. */
export function CompanyTermsForm({ company }: { company: CompanyDetail }) {
  const save = useUpdateCompanyTerms(company._id);
  // As the form opened, or as last saved: not the query's newest, which a refetch may bring.
  const [seen, setSeen] = useState(() => seenOf(company));
  const form = useForm<Values, unknown, CompanyTermsInput>({
    resolver,
    defaultValues: toValues(company),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const onAccount = useWatch({ control, name: 'onAccount' });
  const field = fieldsOf(form, (name) => `company-${kebab(name)}`);

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { ...input, termsWas: seen },
      {
        onSuccess: (saved) => {
          setSeen(seenOf(saved));
          form.reset(toValues(saved));
          notify(
            'success',
            `${saved.name}: ${termsText(saved.terms)}, credit limit ${formatDollars(saved.creditLimit)}.`,
          );
        },
        onError: (error) => showFieldIssue(form, error, fieldOf),
      },
    ),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Terms and credit limit"
      className="flex flex-col gap-4"
    >
      <label className="flex items-center gap-2">
        <input type="checkbox" className="checkbox" {...register('onAccount')} />
        Pays on account (payment terms)
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          {...field('netDays', { valueAsNumber: true })}
          label="Net days"
          step={1}
          min={0}
          max={365}
          disabled={!onAccount}
          hint="An invoice is due this many days after its date"
        />
        <NumberField
          {...field('creditLimit', { valueAsNumber: true })}
          label="Credit limit ($)"
          step={0.01}
          min={0}
          hint="The most the company may owe at once"
        />
      </div>
      <FormFooter
        error={errors.root?.message ?? formErrorOf(save.error, fieldOf)}
        pending={save.isPending}
      >
        Save terms
      </FormFooter>
    </form>
  );
}
