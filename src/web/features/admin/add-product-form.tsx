import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { productInput } from '../../../contract/catalog.ts';
import { notify } from '../../lib/notify.ts';
import { FormError, SubmitButton } from '../../components/form-fields.tsx';
import { useAddProduct } from './products-api.ts';
import { ProductFields } from './product-fields.tsx';

type Values = z.input<typeof productInput>;

const empty = { name: '', desc: '', img: '' };

/** Add New Product, checked by the same schema the server uses (POST /api/tools). */
export function AddProductForm() {
  const add = useAddProduct();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof productInput>>({
    resolver: zodResolver(productInput),
    defaultValues: empty,
  });

  const submit = handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: (product) => {
        notify('success', `${product.name} has been added`);
        // No values: react-hook-form then resets the form element too, which is what clears
        // the number inputs (they have no empty value of their own).
        reset();
      },
    }),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="add-product-title"
      className="card max-w-2xl border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h1 id="add-product-title" className="text-2xl font-bold">
          Add New Product
        </h1>
        <ProductFields
          idPrefix="add-product"
          fields={{
            name: register('name'),
            // An empty number field becomes NaN, which the schema reports as missing.
            price: register('price', { valueAsNumber: true }),
            stock: register('stock', { valueAsNumber: true }),
            desc: register('desc'),
            img: register('img'),
          }}
          errors={{
            name: errors.name?.message,
            price: errors.price?.message,
            stock: errors.stock?.message,
            desc: errors.desc?.message,
            img: errors.img?.message,
          }}
        />
        <div className="sm:max-w-xs">
          <SubmitButton pending={add.isPending}>Add Product</SubmitButton>
        </div>
        <FormError message={add.error?.message} />
      </div>
    </form>
  );
}
