import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  companyPricesInput,
  type CompanyPrices,
  type CompanyPricesInput,
} from '../../../contract/company-prices.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { FormFooter, NumberField } from '../../components/form-fields.tsx';
import { counted } from '../../components/paged-list.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { fieldsOf, kebab } from '../../lib/fields-of.ts';
import { formErrorOf, inputResolver, showFieldIssue, type FieldOf } from '../../lib/form-issues.ts';
import { notify } from '../../lib/notify.ts';
import { useCompanyPrices, useSetCompanyPrices } from './api.ts';

type DiscountValues = { discountPercent: number };

// The discount alone: the own ladders are edited a row at a time in the dealer-price table, so
// saving the discount never writes back a set of ladders someone changed meanwhile.
const toInput = (v: DiscountValues): CompanyPricesInput => ({ discountPercent: v.discountPercent });

const fieldOf: FieldOf<DiscountValues> = (path) => (path === 'discountPercent' ? path : undefined);

const resolver = inputResolver(companyPricesInput, toInput, fieldOf);

/** The company's dealer prices: a discount off every list ladder, and the table of own ladders. */
export function DealerPrices({ companyId, name }: { companyId: string; name: string }) {
  const prices = useCompanyPrices(companyId);
  if (prices.isPending) return <SectionSpinner label="Loading the dealer prices" />;
  if (prices.isError) return <SectionError error={prices.error} />;
  return <DiscountForm companyId={companyId} name={name} prices={prices.data} />;
}

function DiscountForm({
  companyId,
  name,
  prices,
}: {
  companyId: string;
  name: string;
  prices: CompanyPrices;
}) {
  const save = useSetCompanyPrices(companyId);
  // As the form opened, or as last saved: sent with a change so another admin's is not undone.
  const [seen, setSeen] = useState(prices.discountPercent);
  const form = useForm<DiscountValues, unknown, CompanyPricesInput>({
    resolver,
    defaultValues: { discountPercent: prices.discountPercent },
  });
  const field = fieldsOf(form, (name) => `dealer-${kebab(name)}`);
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { ...input, discountPercentWas: seen },
      {
        onSuccess: (saved) => {
          setSeen(saved.discountPercent);
          form.reset({ discountPercent: saved.discountPercent });
          notify('success', `The discount of ${name} is saved.`);
        },
        onError: (error) => showFieldIssue(form, error, fieldOf),
      },
    ),
  );
  const own = prices.products.length;
  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={submit}
        noValidate
        aria-label="Dealer discount"
        className="flex flex-col gap-4"
      >
        <div className="sm:w-64">
          <NumberField
            {...field('discountPercent', { valueAsNumber: true })}
            label="Discount (%)"
            step={0.001}
            min={0}
            max={100}
            hint="Off every list price, unless a product has its own ladder"
          />
        </div>
        <FormFooter
          error={form.formState.errors.root?.message ?? formErrorOf(save.error, fieldOf)}
          pending={save.isPending}
        >
          Save discount
        </FormFooter>
      </form>
      <p>
        {own === 0
          ? 'No product has its own ladder: the discount prices every product.'
          : own === 1
            ? '1 product has its own ladder.'
            : `${counted(own, 'product', 'products')} have their own ladder.`}{' '}
        <Link to={toPath(sitePaths.companyPrices, { companyid: companyId })} className="link">
          Edit dealer prices by product
        </Link>
      </p>
    </div>
  );
}
