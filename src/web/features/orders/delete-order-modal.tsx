import type { Order } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { notify } from '../../lib/notify.ts';
import { useDeleteOrder } from './api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { ConfirmModal, Details } from '../../components/confirm-modal.tsx';

/** Spec's delete-order modal, with the real total (the original read a misspelt field). */
export function DeleteOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const remove = useDeleteOrder();

  const confirm = () => {
    if (!order) return;
    remove.mutate(order._id, {
      onSuccess: ({ name }) => {
        notify('success', `${name} has been deleted.`);
        onClose();
      },
    });
  };

  return (
    <ConfirmModal
      open={order !== null}
      title="Are you sure want to delete this?"
      confirmLabel="Delete"
      pending={remove.isPending && remove.variables === order?._id}
      // A failure belongs to the order it was about, not to the next one opened.
      error={remove.variables === order?._id && remove.error ? errorMessage(remove.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      {order && (
        <Details
          rows={[
            ['Order', `#${order.number}`],
            ['Name', order.name],
            ['Total price', formatDollars(order.grandTotal)],
            ['Quantity', order.quantity],
          ]}
        />
      )}
    </ConfirmModal>
  );
}
