import type { Product } from '../../../contract/catalog.ts';
import { formatDollars } from '../../../contract/money.ts';
import { notify } from '../../lib/notify.ts';
import { ConfirmModal, Details } from '../../components/confirm-modal.tsx';
import { useDeleteProduct } from './products-api.ts';
import { groupDigits } from '../../../contract/number-text.ts';

export function DeleteProductModal({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  const remove = useDeleteProduct();
  const mine = remove.variables === product?._id;

  const confirm = () => {
    if (!product) return;
    remove.mutate(product._id, {
      onSuccess: ({ name }) => {
        notify('success', `${name} has been deleted.`);
        onClose();
      },
    });
  };

  return (
    <ConfirmModal
      open={product !== null}
      title="Are you sure want to delete this Product?"
      confirmLabel="Delete"
      pending={remove.isPending && mine}
      error={mine ? remove.error?.message : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      {product && (
        <>
          <Details
            rows={[
              ['Name', product.name],
              ['Price', formatDollars(product.price)],
              ['Stock', groupDigits(product.stock)],
            ]}
          />
          <p className="mt-3 text-sm text-base-content/80">
            Paid orders keep its name and price. A part that unpaid orders hold cannot be deleted
            until they are paid, deleted or expired.
          </p>
        </>
      )}
    </ConfirmModal>
  );
}
