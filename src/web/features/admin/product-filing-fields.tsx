import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { Attribute, Brand, Category, Family } from '../../../contract/taxonomy.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { fieldError } from '../../lib/error-message.ts';
import { fieldsOf, kebab } from '../../lib/fields-of.ts';
import { useAttributes } from '../catalog/attributes-api.ts';
import {
  attributesOfCategory,
  categoryOptions,
  useBrands,
  useCategories,
  useFamilies,
} from './filing-api.ts';
import type { ProductFormValues } from './product-fields.tsx';

// The part's filing as the product forms show it (product-filing.ts turns it into what the API
// takes).

const SERVER_FIELDS: readonly string[] = ['brandId', 'categoryId', 'familyId', 'mpn', 'gtin'];

/**
 * Puts a refusal of the part's filing by its field: a 400 naming one ("gtin: GTIN …: the check
 * digit should be 7"), or a 409 for a code another part holds ("GTIN … is already used by …").
 * Answers whether it did; the form shows any other refusal under it.
 */
export function showFilingError<Ctx, Out>(
  form: UseFormReturn<ProductFormValues, Ctx, Out>,
  error: unknown,
) {
  const named = fieldError(error);
  const conflict = error instanceof ApiError && error.status === 409 ? error.message : null;
  const field = named
    ? named.field
    : conflict?.startsWith('GTIN ')
      ? 'gtin'
      : conflict?.startsWith('MPN ')
        ? 'mpn'
        : null;
  if (!field || !SERVER_FIELDS.includes(field)) return false;
  const message = named?.message ?? conflict ?? '';
  form.setError(field as FieldPath<ProductFormValues>, { type: 'server', message });
  return true;
}

/**
 * What the forms read to file a part, for their resolver's context (product-filing.ts): the
 * categories and attributes there are.
 */
export function useFilingLists() {
  const categories = useCategories().data?.data;
  const attributes = useAttributes().data?.data;
  return {
    categories: categories ?? [],
    attributes: attributes ?? [],
    ready: categories !== undefined && attributes !== undefined,
  };
}

/**
 * The filing's fields: brand, category, MPN, GTIN and family, then an input for each attribute
 * of the chosen category (a select or ticks for a list of values, a number box with its unit, a
 * tick for yes or no).
 */
export function ProductFilingFields<Ctx, Out>({
  idPrefix,
  form,
}: {
  idPrefix: string;
  form: UseFormReturn<ProductFormValues, Ctx, Out>;
}) {
  const lists = [useBrands(), useCategories(), useFamilies(), useAttributes()] as const;
  const [brands, categories, families, attributes] = lists;
  const failed = lists.find((list) => list.isError)?.error;
  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-medium">Brand, codes and category</legend>
      {failed ? (
        <SectionError error={failed} />
      ) : brands.data && categories.data && families.data && attributes.data ? (
        <FilingInputs
          idPrefix={idPrefix}
          form={form}
          brands={brands.data.data}
          categories={categories.data.data}
          families={families.data.data}
          attributes={attributes.data.data}
        />
      ) : (
        // A select drawn before its options keeps none of them: the part's own brand, category
        // and family would show as none, and be saved so. The fields wait for their lists.
        <SectionSpinner label="Loading the brands, categories and families" />
      )}
    </fieldset>
  );
}

function FilingInputs<Ctx, Out>({
  idPrefix,
  form,
  brands,
  categories,
  families,
  attributes,
}: {
  idPrefix: string;
  form: UseFormReturn<ProductFormValues, Ctx, Out>;
  brands: readonly Brand[];
  categories: readonly Category[];
  families: readonly Family[];
  attributes: readonly Attribute[];
}) {
  const field = fieldsOf(form, (name) => `${idPrefix}-${kebab(name)}`);
  const categoryId = useWatch({ control: form.control, name: 'categoryId' });
  const shown = attributesOfCategory(categoryId, categories, attributes);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field('brandId')} label="Brand">
          <option value="">No brand</option>
          {brands.map((brand) => (
            <option key={brand._id} value={brand._id}>
              {brand.name}
            </option>
          ))}
        </SelectField>
        <TextField
          {...field('mpn')}
          label="MPN (manufacturer part number)"
          maxLength={60}
          spellCheck={false}
          className="font-mono"
          hint="As the maker prints it, for example CN-HG701-11; unique for the brand"
        />
        <TextField
          {...field('gtin')}
          label="GTIN (EAN or UPC barcode)"
          inputMode="numeric"
          maxLength={20}
          spellCheck={false}
          className="font-mono"
          hint="12, 13 or 14 digits with the check digit; unique in the catalogue"
        />
        <div className="sm:col-span-2">
          <SelectField
            {...field('familyId')}
            label="Family"
            hint="Sizes or colours of one part: each variant sets the family's attributes"
          >
            <option value="">Not in a family</option>
            {families.map((family) => (
              <option key={family._id} value={family._id}>
                {family.name} (by {family.axes.join(' and ')})
              </option>
            ))}
          </SelectField>
        </div>
        <div className="sm:col-span-2">
          <SelectField
            {...field('categoryId')}
            label="Category"
            hint="Its attributes, and those of the categories above it, are asked below"
          >
            <option value="">No category</option>
            {categoryOptions(categories).map((option) => (
              <option key={option.id} value={option.id}>
                {option.path}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {shown.length > 0 ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="px-1 font-medium">Attributes</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {shown.map((attribute) => (
              <AttributeInput
                key={attribute._id}
                idPrefix={idPrefix}
                form={form}
                attribute={attribute}
              />
            ))}
          </div>
        </fieldset>
      ) : (
        categoryId && <p className="text-sm">This category has no attributes to fill in.</p>
      )}
    </>
  );
}

function AttributeInput<Ctx, Out>({
  idPrefix,
  form,
  attribute,
}: {
  idPrefix: string;
  form: UseFormReturn<ProductFormValues, Ctx, Out>;
  attribute: Attribute;
}) {
  const name = `attributes.${attribute.key}` as const;
  const id = `${idPrefix}-attribute-${attribute.key}`;
  const label = attribute.unit ? `${attribute.label} (${attribute.unit})` : attribute.label;
  const field = { id, registration: form.register(name) };
  if (attribute.type === 'boolean') {
    return (
      <div className="flex items-end">
        <CheckboxField label={label} registration={form.register(name)} />
      </div>
    );
  }
  if (attribute.type === 'number') {
    return <TextField {...field} label={label} type="number" step="any" inputMode="decimal" />;
  }
  if (!attribute.multi) {
    return (
      <SelectField {...field} label={label}>
        <option value="">Not set</option>
        {attribute.values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <fieldset className="flex flex-col gap-1 sm:col-span-2">
      <legend className="font-medium">{label}</legend>
      <div className="flex flex-wrap gap-x-4">
        {attribute.values.map((value) => (
          <label key={value} className="label cursor-pointer gap-2 text-base-content">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              value={value}
              {...form.register(name)}
            />
            {value}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
