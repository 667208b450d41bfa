import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { PriceTier, Product, ProductPatch } from '../../../contract/catalog.ts';
import { ladderProblems, productPatch } from '../../../contract/catalog.ts';
import { dollarsToCents } from '../../../contract/money.ts';
import { notify } from '../../lib/notify.ts';
import { FormError } from '../../components/form-fields.tsx';
import { Modal } from '../../components/modal.tsx';
import { useUpdateProduct } from './products-api.ts';
import {
  ProductFields,
  productFormValues,
  withFirstTier,
  type ProductFormValues,
} from './product-fields.tsx';

/**
 * The Manage button (DESIGN: it edits the product): restock, reprice, rename, re-describe, and
 * the SKU, minimum order, pack size and price ladder.
 */
export function EditProductModal({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal open={product !== null} onClose={onClose} labelledBy={titleId}>
      <h2 id={titleId} className="text-lg font-bold">
        Edit product
      </h2>
      {/* Keyed, so each product starts from its own values. */}
      {product && <EditProductForm key={product._id} product={product} onDone={onClose} />}
    </Modal>
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

const resolver: Resolver<ProductFormValues, unknown, ProductPatch> = (values, context, options) =>
  checkEdit(
    { ...values, tiers: withFirstTier(values) },
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

/** Only the fields that changed go to the server (and into the audit trail). */
function changes(product: Product, values: ProductPatch): ProductPatch {
  const patch: ProductPatch = {};
  if (values.name !== undefined && values.name !== product.name) patch.name = values.name;
  if (values.sku !== undefined && values.sku !== product.sku) patch.sku = values.sku;
  if (values.price !== undefined && values.price !== product.price) patch.price = values.price;
  if (values.stock !== undefined && values.stock !== product.stock) patch.stock = values.stock;
  if (values.moq !== undefined && values.moq !== product.moq) patch.moq = values.moq;
  if (values.packSize !== undefined && values.packSize !== product.packSize) {
    patch.packSize = values.packSize;
  }
  if (values.tiers !== undefined && !sameLadder(values.tiers, product.tiers)) {
    patch.tiers = values.tiers;
  }
  if (values.desc !== undefined && values.desc !== product.desc) patch.desc = values.desc;
  if (values.img !== undefined && values.img !== product.img) patch.img = values.img;
  return patch;
}

function EditProductForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const update = useUpdateProduct();
  const [unchanged, setUnchanged] = useState(false);
  const form = useForm<ProductFormValues, unknown, ProductPatch>({
    resolver,
    defaultValues: productFormValues(product),
  });

  const submit = form.handleSubmit((values) => {
    const patch = changes(product, values);
    setUnchanged(Object.keys(patch).length === 0);
    if (Object.keys(patch).length === 0) return;
    update.mutate(
      { id: product._id, patch },
      {
        onSuccess: (saved) => {
          notify('success', `${saved.name} has been updated.`);
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <ProductFields idPrefix={`edit-${product._id}`} form={form} />
      <FormError message={unchanged ? 'Nothing to change.' : update.error?.message} />
      <div className="modal-action mt-0">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={update.isPending}
          aria-busy={update.isPending || undefined}
        >
          {update.isPending && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Save changes
        </button>
      </div>
    </form>
  );
}
