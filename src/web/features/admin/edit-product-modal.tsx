import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Product, ProductPatch } from '../../../contract/catalog.ts';
import { productPatch } from '../../../contract/catalog.ts';
import { notify } from '../../lib/notify.ts';
import { FormError } from '../../components/form-fields.tsx';
import { Modal } from '../../components/modal.tsx';
import { useUpdateProduct } from './products-api.ts';
import { ProductFields, type ProductField } from './product-fields.tsx';

/** The Manage button (DESIGN: it edits the product): restock, reprice, rename, re-describe. */
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

/** Only the fields that changed go to the server (and into the audit trail). */
function changes(product: Product, values: ProductPatch): ProductPatch {
  const patch: ProductPatch = {};
  if (values.name !== undefined && values.name !== product.name) patch.name = values.name;
  if (values.price !== undefined && values.price !== product.price) patch.price = values.price;
  if (values.stock !== undefined && values.stock !== product.stock) patch.stock = values.stock;
  if (values.desc !== undefined && values.desc !== product.desc) patch.desc = values.desc;
  if (values.img !== undefined && values.img !== product.img) patch.img = values.img;
  return patch;
}

function EditProductForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const update = useUpdateProduct();
  const [unchanged, setUnchanged] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProductPatch>({
    resolver: zodResolver(productPatch),
    defaultValues: {
      name: product.name,
      price: product.price,
      stock: product.stock,
      desc: product.desc,
      img: product.img,
    },
  });

  const submit = handleSubmit((values) => {
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

  const message = (field: ProductField) => errors[field]?.message;
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <ProductFields
        idPrefix={`edit-${product._id}`}
        fields={{
          name: register('name'),
          price: register('price', { valueAsNumber: true }),
          stock: register('stock', { valueAsNumber: true }),
          desc: register('desc'),
          img: register('img'),
        }}
        errors={{
          name: message('name'),
          price: message('price'),
          stock: message('stock'),
          desc: message('desc'),
          img: message('img'),
        }}
      />
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
