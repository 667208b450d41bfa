import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MyCompany, UpdateMyCompanyInput } from '../../../contract/companies.ts';
import { formatDollars } from '../../../contract/money.ts';
import { balanceFigure } from '../../../contract/credit-rules.ts';
import {
  CheckboxField,
  FormError,
  SubmitButton,
  TextField,
} from '../../components/form-fields.tsx';
import { FactGrid } from '../../components/fact-grid.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { canManage, useUpdateMyCompany } from './company-api.ts';

export const roleText = { owner: 'Owner', admin: 'Admin', buyer: 'Buyer' } as const;

/** "Net 30 days", or why the account cannot be used yet. */
export const termsText = (company: Pick<MyCompany, 'terms'>) =>
  company.terms ? `Net ${company.terms.netDays} days` : 'None yet: pay by card';

/** The company as its members see it: who it is, its terms and credit, and the caller's place. */
export function CompanyOverview({ company }: { company: MyCompany }) {
  const [editing, setEditing] = useState(false);
  return (
    <section
      aria-labelledby="company-details"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="company-details" className="card-title text-lg">
            {company.name}
          </h2>
          {canManage(company) && !editing && (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setEditing(true)}
            >
              Edit details
            </button>
          )}
        </div>
        {editing ? (
          <EditCompanyForm company={company} onDone={() => setEditing(false)} />
        ) : (
          <CompanyFacts company={company} />
        )}
      </div>
    </section>
  );
}

function CompanyFacts({ company }: { company: MyCompany }) {
  const rows: [string, string][] = [
    [
      'VAT ID',
      company.vatId
        ? `${company.vatId} (${company.vatIdVerified ? 'verified' : 'not verified yet: VAT is charged until the shop verifies it'})`
        : 'None',
    ],
    ['PO numbers', company.poRequired ? 'Required on every order' : 'Optional'],
    ['Your role', roleText[company.role]],
    [
      'Your spending limit',
      company.spendingLimit === null ? 'None' : formatDollars(company.spendingLimit),
    ],
    ['Payment terms', termsText(company)],
    ['Credit limit', formatDollars(company.creditLimit)],
    [balanceFigure(company.balance).label, balanceFigure(company.balance).value],
    ['Available credit', formatDollars(company.available)],
  ];
  return <FactGrid facts={rows} className="gap-x-6 gap-y-2" />;
}

function EditCompanyForm({ company, onDone }: { company: MyCompany; onDone: () => void }) {
  const update = useUpdateMyCompany();
  const form = useForm<UpdateMyCompanyInput>({
    defaultValues: { name: company.name, vatId: company.vatId, poRequired: company.poRequired },
  });
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => {
        notify('success', 'The company details have been saved.');
        onDone();
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Company details" className="flex flex-col gap-4">
      <TextField
        id="edit-company-name"
        label="Company name"
        autoComplete="organization"
        required
        registration={form.register('name')}
      />
      <TextField
        id="edit-company-vat-id"
        label="VAT ID (optional)"
        registration={form.register('vatId')}
      />
      <CheckboxField
        label="Every order needs a PO number"
        registration={form.register('poRequired')}
      />
      <div className="flex flex-wrap gap-3">
        <div className="w-full sm:w-auto sm:min-w-40">
          <SubmitButton pending={update.isPending}>Save details</SubmitButton>
        </div>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
      <FormError message={update.isError ? errorMessage(update.error) : null} />
    </form>
  );
}
