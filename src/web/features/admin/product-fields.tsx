import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatDollars } from '../../../contract/money.ts';
import { TextField } from '../../components/form-fields.tsx';

export type ProductField = 'name' | 'price' | 'stock' | 'desc' | 'img';

type Props = {
  /** Unique per form, so two forms on one page never share input ids. */
  idPrefix: string;
  fields: Record<ProductField, UseFormRegisterReturn>;
  errors: Partial<Record<ProductField, string>>;
};

/** The product's five inputs with the spec's labels, shared by Add New Product and Manage. */
export function ProductFields({ idPrefix, fields, errors }: Props) {
  const id = (field: ProductField) => `${idPrefix}-${field}`;
  return (
    <>
      <TextField
        id={id('name')}
        label="Product Name"
        type="text"
        required
        maxLength={120}
        registration={fields.name}
        error={errors.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('price')}
          label="Price"
          type="number"
          inputMode="decimal"
          step={0.01}
          min={0.01}
          required
          // The shop's own formatter shows how the number will read there.
          hint={`In dollars, up to 2 decimals: 12.5 shows as ${formatDollars(12.5)}`}
          registration={fields.price}
          error={errors.price}
        />
        <TextField
          id={id('stock')}
          label="Stock"
          type="number"
          inputMode="numeric"
          step={1}
          min={0}
          required
          hint="Pieces ready to sell"
          registration={fields.stock}
          error={errors.stock}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={id('desc')} className="font-medium">
          Product description
        </label>
        <textarea
          id={id('desc')}
          rows={4}
          maxLength={5000}
          className={`textarea w-full ${errors.desc ? 'textarea-error' : ''}`}
          aria-invalid={errors.desc ? true : undefined}
          aria-describedby={errors.desc ? `${id('desc')}-error` : undefined}
          {...fields.desc}
        />
        {errors.desc && (
          <p id={`${id('desc')}-error`} className="text-sm text-error">
            {errors.desc}
          </p>
        )}
      </div>
      <TextField
        id={id('img')}
        label="Product image link"
        type="text"
        inputMode="url"
        required
        placeholder="https://… or /images/…"
        hint="An http(s) link, or one of our images such as /images/products/chain-checker.svg"
        registration={fields.img}
        error={errors.img}
      />
    </>
  );
}
