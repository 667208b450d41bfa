import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { MAX_PAGE_SIZE } from '../../../contract/common.ts';
import {
  companyPricesInput,
  type CompanyPrices,
  type CompanyPricesInput,
} from '../../../contract/company-prices.ts';
import { FormFooter, NumberField } from '../../components/form-fields.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { fieldsOf, kebab } from '../../lib/fields-of.ts';
import { formErrorOf, inputResolver, showFieldIssue, type FieldOf } from '../../lib/form-issues.ts';
import { notify } from '../../lib/notify.ts';
import { useTools } from '../catalog/api.ts';
import { useCompanyPrices, useSetCompanyPrices } from './api.ts';
import { DealerLadder, type DealerForm, type DealerValues } from './dealer-ladder.tsx';

const toInput = (v: DealerValues): CompanyPricesInput => ({
  discountPercent: v.discountPercent,
  products: v.products.map(({ productId, tiers }) => ({ productId, tiers })),
});

const toValues = (prices: CompanyPrices): DealerValues => ({
  discountPercent: prices.discountPercent,
  products: prices.products.map((p) => ({
    ...p,
    tiers: p.tiers.map((t) => ({ ...t })),
    listTiers: p.listTiers.map((t) => ({ ...t })),
  })),
});

const fieldOf: FieldOf<DealerValues> = (path) => {
  if (path === 'discountPercent') return path;
  const tier = /^products\.(\d+)\.tiers\.(\d+)\.(minQuantity|price)$/.exec(path);
  if (tier) {
    return `products.${Number(tier[1])}.tiers.${Number(tier[2])}.${tier[3] as 'price'}`;
  }
  const product = /^products\.(\d+)\./.exec(path);
  if (product) return `products.${Number(product[1])}.tiers`;
  return undefined;
};

const resolver = inputResolver(companyPricesInput, toInput, fieldOf);

/** The company's dealer prices: a discount off every list ladder, and products' own ladders. */
export function DealerPrices({ companyId, name }: { companyId: string; name: string }) {
  const prices = useCompanyPrices(companyId);
  if (prices.isPending) return <SectionSpinner label="Loading the dealer prices" />;
  if (prices.isError) return <SectionError error={prices.error} />;
  return <DealerPricesForm companyId={companyId} name={name} prices={prices.data} />;
}

function DealerPricesForm({
  companyId,
  name,
  prices,
}: {
  companyId: string;
  name: string;
  prices: CompanyPrices;
}) {
  const save = useSetCompanyPrices(companyId);
  const form: DealerForm = useForm<DealerValues, unknown, CompanyPricesInput>({
    resolver,
    defaultValues: toValues(prices),
  });
  const {
    control,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'products' });
  const field = fieldsOf(form, (name) => `dealer-${kebab(name)}`);

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(toValues(saved));
        notify('success', `The dealer prices of ${name} are saved.`);
      },
      onError: (error) => showFieldIssue(form, error, fieldOf),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Dealer prices" className="flex flex-col gap-4">
      <div className="sm:w-64">
        <NumberField
          {...field('discountPercent', { valueAsNumber: true })}
          label="Discount (%)"
          step={0.001}
          min={0}
          max={100}
          hint="Off every list price, unless a product has its own ladder below"
        />
      </div>
      <h3 className="font-semibold">Products with their own ladder</h3>
      {fields.length === 0 ? (
        <p className="text-base-content/80">None: the discount prices every product.</p>
      ) : (
        <ul aria-label="Products with their own ladder" className="flex flex-col gap-3">
          {fields.map((field, i) => (
            <DealerLadder key={field.id} form={form} index={i} onRemove={() => remove(i)} />
          ))}
        </ul>
      )}
      <AddProduct listed={fields.map((f) => f.productId)} onAdd={(product) => append(product)} />
      <FormFooter
        error={errors.root?.message ?? formErrorOf(save.error, fieldOf)}
        pending={save.isPending}
      >
        Save dealer prices
      </FormFooter>
    </form>
  );
}

/** Picks a product of the catalogue to give its own ladder, starting from its list ladder. */
function AddProduct({
  listed,
  onAdd,
}: {
  listed: string[];
  onAdd: (product: DealerValues['products'][number]) => void;
}) {
  const tools = useTools({ limit: MAX_PAGE_SIZE });
  const [chosen, setChosen] = useState('');
  const options = (tools.data?.data ?? []).filter((tool) => !listed.includes(tool._id));
  const add = () => {
    const tool = options.find((t) => t._id === chosen);
    if (!tool) return;
    const ladder = tool.tiers.map(({ minQuantity, price }) => ({ minQuantity, price }));
    onAdd({
      productId: tool._id,
      sku: tool.sku,
      name: tool.name,
      tiers: ladder.map((t) => ({ ...t })),
      listTiers: ladder,
    });
    setChosen('');
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="dealer-add-product" className="font-medium">
        Give a product its own ladder
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select
          id="dealer-add-product"
          className="select w-full sm:w-96"
          value={chosen}
          aria-busy={tools.isPending || undefined}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose a product…</option>
          {options.map((tool) => (
            <option key={tool._id} value={tool._id}>
              {tool.name} ({tool.sku})
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-outline" disabled={!chosen} onClick={add}>
          Add product
        </button>
      </div>
      {tools.isError && (
        <p className="text-sm text-error">
          The products could not be loaded: {tools.error.message}
        </p>
      )}
    </div>
  );
}
