import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { productInput } from '../../../contract/product-input.ts';
import { MIN_ORDER_QUANTITY } from '../../../contract/order-rules.ts';
import { notify } from '../../lib/notify.ts';
import { FormError, SubmitButton } from '../../components/form-fields.tsx';
import { useAddProduct } from './products-api.ts';
import { ProductFields, withFirstTier, type ProductFormValues } from './product-fields.tsx';
import { filingFormValues, filingOf, type FilingContext } from './product-filing.ts';
import { ProductFilingFields, showFilingError, useFilingLists } from './product-filing-fields.tsx';
import { FormCard } from '../../components/form-card.tsx';

type Output = z.output<typeof productInput>;

// Number fields are left out: empty, they show no 0 and the schema reports them missing. The
// ladder's one entry is tier 1, which follows the minimum and the Price.
const empty = {
  name: '',
  sku: '',
  desc: '',
  img: '',
  moq: MIN_ORDER_QUANTITY,
  packSize: 1,
  weightGrams: 0,
  tiers: [{ minQuantity: MIN_ORDER_QUANTITY, price: Number.NaN }],
  ...filingFormValues(),
} satisfies Partial<ProductFormValues>;

const checkInput = zodResolver(productInput);

/** The form's values as POST /api/tools takes them, checked by the server's own schema. */
const resolver: Resolver<ProductFormValues, FilingContext, Output> = (values, context, options) =>
  checkInput(
    {
      ...values,
      // Left empty, the server makes a SKU up from the name.
      sku: values.sku.trim() === '' ? undefined : values.sku,
      tiers: withFirstTier(values),
      ...filingOf(values, context ?? { categories: [], attributes: [], ready: false }),
    },
    context,
    options as Parameters<typeof checkInput>[2],
  );

/** Add New Product, checked by the same schema the server uses (POST /api/tools). */
export function AddProductForm() {
  const add = useAddProduct();
  // A refusal shown by its field is not said again under the form.
  const [byField, setByField] = useState(false);
  const form = useForm<ProductFormValues, FilingContext, Output>({
    resolver,
    defaultValues: empty,
    context: useFilingLists(),
  });

  const submit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: (product) => {
        notify('success', `${product.name} has been added`);
        // No values: react-hook-form then resets the form element too, which is what clears
        // the number inputs (they have no empty value of their own).
        form.reset();
      },
      // A code another part holds (409) or a refused one (400) is shown by its field.
      onError: (error) => setByField(showFilingError(form, error)),
    }),
  );

  return (
    <FormCard
      titleId="add-product-title"
      title="Add New Product"
      heading="h1"
      onSubmit={submit}
      wide
    >
      <ProductFields idPrefix="add-product" form={form} skuOptional />
      <ProductFilingFields idPrefix="add-product" form={form} />
      <div className="sm:max-w-xs">
        <SubmitButton pending={add.isPending}>Add Product</SubmitButton>
      </div>
      <FormError message={byField ? null : add.error?.message} />
    </FormCard>
  );
}
