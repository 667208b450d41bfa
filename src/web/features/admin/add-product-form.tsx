import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { productInput } from '../../../contract/product-input.ts';
import { MIN_ORDER_QUANTITY } from '../../../contract/order-rules.ts';
import { notify } from '../../lib/notify.ts';
import { FormError, SubmitButton } from '../../components/form-fields.tsx';
import { useAddProduct } from './products-api.ts';
import { ProductFields, withFirstTier, type ProductFormValues } from './product-fields.tsx';
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
} satisfies Partial<ProductFormValues>;

const checkInput = zodResolver(productInput);

/** The form's values as POST /api/tools takes them, checked by the server's own schema. */
const resolver: Resolver<ProductFormValues, unknown, Output> = (values, context, options) =>
  checkInput(
    {
      ...values,
      // Left empty, the server makes a SKU up from the name.
      sku: values.sku.trim() === '' ? undefined : values.sku,
      tiers: withFirstTier(values),
    },
    context,
    options as Parameters<typeof checkInput>[2],
  );

/** Add New Product, checked by the same schema the server uses (POST /api/tools). */
export function AddProductForm() {
  const add = useAddProduct();
  const form = useForm<ProductFormValues, unknown, Output>({ resolver, defaultValues: empty });

  const submit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: (product) => {
        notify('success', `${product.name} has been added`);
        // No values: react-hook-form then resets the form element too, which is what clears
        // the number inputs (they have no empty value of their own).
        form.reset();
      },
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
      <div className="sm:max-w-xs">
        <SubmitButton pending={add.isPending}>Add Product</SubmitButton>
      </div>
      <FormError message={add.error?.message} />
    </FormCard>
  );
}
