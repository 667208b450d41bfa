import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { PriceTier, Product } from '../../../contract/catalog.ts';
import type { ProductPatch } from '../../../contract/product-input.ts';
import { ladderProblems, productPatch } from '../../../contract/product-input.ts';
import { dollarsToCents } from '../../../contract/money.ts';
import { ladderText } from '../../../contract/price-ladder.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { FormError } from '../../components/form-fields.tsx';
import { BusyButton } from '../../components/busy-button.tsx';
import { ModalActions, RecordModal } from '../../components/modal.tsx';
import { useReloadProduct, useUpdateProduct } from './products-api.ts';
import {
  ProductFields,
  productFormValues,
  withFirstTier,
  type ProductFormValues,
} from './product-fields.tsx';
import { ProductImagesSection } from './product-images-section.tsx';
import { BackorderFields, backorderChange, backorderValues } from './backorder-fields.tsx';
import { filingChanges, filingOf, type FilingContext } from './product-filing.ts';
import { ProductFilingFields, showFilingError, useFilingLists } from './product-filing-fields.tsx';

/**
 * The Manage button (DESIGN: it edits the product): restock, reprice, rename, re-describe, the
 * SKU, minimum order, pack size and price ladder, and the part's filing (brand, codes, category,
 * family and attributes).
 */
export function EditProductModal({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  return (
    <RecordModal record={product} title="Edit product" onClose={onClose}>
      {/* Keyed, so each product starts from its own values. */}
      {(shown) => <EditProductForm key={shown._id} product={shown} onDone={onClose} />}
    </RecordModal>
  );
}

/** productPatch, and the minimum, pack and ladder checked together as the server does. */
const editInput = productPatch.superRefine((p, ctx) => {
  const { moq, packSize, price, tiers } = p;
  if (moq === undefined || packSize === undefined || price === undefined || !tiers) return;
  for (const { path, message } of ladderProblems({ moq, packSize, price, tiers })) {
    ctx.addIssue({ code: 'custom', path, message });
  }
});

const checkEdit = zodResolver(editInput);

/**
 * What the form knows beside its fields: the stock it showed, which a new count names, and what
 * the filing is read with.
 */
type EditContext = { stockWas: number } & FilingContext;

const resolver: Resolver<ProductFormValues, EditContext, ProductPatch> = (
  values,
  context,
  options,
) =>
  checkEdit(
    {
      ...values,
      stockWas: context?.stockWas,
      tiers: withFirstTier(values),
      ...filingOf(values, context ?? { categories: [], attributes: [], ready: false }),
    },
    context,
    options as Parameters<typeof checkEdit>[2],
  );

const sameLadder = (a: PriceTier[], b: PriceTier[]) =>
  a.length === b.length &&
  a.every(
    (tier, i) =>
      tier.minQuantity === b[i]?.minQuantity &&
      dollarsToCents(tier.price) === dollarsToCents(b[i]?.price ?? Number.NaN),
  );

/** The numbers the form showed that another admin (or an order, or a file) may move. */
type Seen = { stock: number; price: number; tiers: PriceTier[] };

const seenOf = ({ stock, price, tiers }: Product): Seen => ({ stock, price, tiers });

/**
 * Only the fields that changed go to the server (and into the audit trail). A new stock goes
 * with the stock the form showed, and a new price or ladder with the ladder it showed: if they
 * moved meanwhile, the server refuses instead of wiping a reservation or someone's price.
 */
function changes(product: Product, seen: Seen, values: ProductPatch): ProductPatch {
  const patch: ProductPatch = {};
  if (values.name !== undefined && values.name !== product.name) patch.name = values.name;
  if (values.sku !== undefined && values.sku !== product.sku) patch.sku = values.sku;
  if (values.price !== undefined && values.price !== seen.price) patch.price = values.price;
  if (values.stock !== undefined && values.stock !== seen.stock) {
    patch.stock = values.stock;
    patch.stockWas = seen.stock;
  }
  if (values.moq !== undefined && values.moq !== product.moq) patch.moq = values.moq;
  if (values.packSize !== undefined && values.packSize !== product.packSize) {
    patch.packSize = values.packSize;
  }
  if (values.tiers !== undefined && !sameLadder(values.tiers, seen.tiers)) {
    patch.tiers = values.tiers;
  }
  if (patch.price !== undefined || patch.tiers !== undefined) patch.tiersWas = seen.tiers;
  if (values.desc !== undefined && values.desc !== product.desc) patch.desc = values.desc;
  if (values.img !== undefined && values.img !== product.img) patch.img = values.img;
  if (values.weightGrams !== undefined && values.weightGrams !== product.weightGrams) {
    patch.weightGrams = values.weightGrams;
  }
  return { ...patch, ...filingChanges(product, values) };
}

/**
 * The server's 409 for a count made against a stock that has changed since ("Stock changed
 * from 100 to 40 since you opened this product"), or a price against a ladder that has, told
 * apart from other 409s (a taken SKU) by its error word: reloading helps with these only.
 */
const staleNumber = (error: Error | null) =>
  error instanceof ApiError
    ? error.code === 'stock_changed'
      ? 'stock'
      : error.code === 'price_changed'
        ? 'price'
        : undefined
    : undefined;

function EditProductForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const update = useUpdateProduct();
  const reload = useReloadProduct();
  const [unchanged, setUnchanged] = useState(false);
  // The stock and price the admin was shown: the list's, or the server's after a reload.
  const [seen, setSeen] = useState(() => seenOf(product));
  const [reloaded, setReloaded] = useState<'stock' | 'price'>();
  // A refusal shown by its field (a GTIN another part holds) is not said again under the form.
  const [byField, setByField] = useState(false);
  const [backorder, setBackorder] = useState(backorderValues(product.backorder));
  // Where the part sits in the warehouse: the pick list walks the bins in order.
  const [bin, setBin] = useState(product.bin ?? '');
  const form = useForm<ProductFormValues, EditContext, ProductPatch>({
    resolver,
    context: { stockWas: seen.stock, ...useFilingLists(), original: product.attributes },
    defaultValues: productFormValues(product),
  });

  const submit = form.handleSubmit((values) => {
    const patch = {
      ...changes(product, seen, values),
      ...backorderChange(product.backorder, backorder),
      ...(bin.trim() !== (product.bin ?? '') ? { bin: bin.trim() || null } : {}),
    };
    setUnchanged(Object.keys(patch).length === 0);
    reload.reset();
    if (Object.keys(patch).length === 0) return;
    update.mutate(
      { id: product._id, patch },
      {
        onSuccess: (saved) => {
          notify('success', `${saved.name} has been updated.`);
          onDone();
        },
        onError: (error) => setByField(showFilingError(form, error)),
      },
    );
  });

  const stale = staleNumber(update.error);
  /** The stale number as it is now, in its fields; the admin's other edits stay as typed. */
  const reloadStale = () =>
    reload.mutate(product._id, {
      onSuccess: (current) => {
        setReloaded(stale);
        if (stale === 'stock') {
          setSeen((was) => ({ ...was, stock: current.stock }));
          form.resetField('stock', { defaultValue: current.stock });
        } else {
          setSeen((was) => ({ ...was, price: current.price, tiers: current.tiers }));
          const now = productFormValues(current);
          form.resetField('price', { defaultValue: now.price });
          form.resetField('tiers', { defaultValue: now.tiers });
        }
        update.reset();
        form.setFocus(stale === 'stock' ? 'stock' : 'price');
      },
    });

  const message = unchanged
    ? 'Nothing to change.'
    : ((byField ? undefined : update.error?.message) ?? reload.error?.message);

  return (
    <>
      {/* Its own form beside this one (forms do not nest); a new first image is the picture. */}
      <ProductImagesSection
        productId={product._id}
        onPicture={(img) => form.resetField('img', { defaultValue: img })}
      />
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <ProductFields
          idPrefix={`edit-${product._id}`}
          form={form}
          stockHint="A count of the pieces on the shelf. For a delivery, use Receive stock."
        />
        <ProductFilingFields idPrefix={`edit-${product._id}`} form={form} />
        <BackorderFields
          idPrefix={`edit-${product._id}`}
          values={backorder}
          onChange={setBackorder}
        />
        <label className="flex max-w-xs flex-col gap-1" htmlFor={`edit-${product._id}-bin`}>
          <span className="font-medium">Bin</span>
          <input
            id={`edit-${product._id}-bin`}
            className="input w-full"
            value={bin}
            maxLength={40}
            onChange={(e) => setBin(e.target.value)}
            aria-describedby={`edit-${product._id}-bin-hint`}
          />
          <span id={`edit-${product._id}-bin-hint`} className="text-sm text-base-content/70">
            Where it sits in the warehouse, e.g. B-10; the pick list walks the bins in order.
          </span>
        </label>
        <div className="flex flex-col gap-2">
          <FormError message={message} />
          {stale && (
            <div>
              <BusyButton
                className="btn btn-sm btn-outline"
                pending={reload.isPending}
                spinner="xs"
                onClick={reloadStale}
              >
                Reload the current {stale}
              </BusyButton>
            </div>
          )}
          {reload.isSuccess && (
            <p role="status" className="text-sm">
              {reloaded === 'stock'
                ? `Stock reloaded: ${groupDigits(reload.data.stock)} now.`
                : `Price reloaded: ${ladderText(reload.data.tiers)} now.`}{' '}
              Your other changes are kept.
            </p>
          )}
        </div>
        <ModalActions onCancel={onDone} flush>
          <BusyButton type="submit" className="btn btn-primary" pending={update.isPending}>
            Save changes
          </BusyButton>
        </ModalActions>
      </form>
    </>
  );
}
