import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useEmptyCart } from './api.ts';

/** "Empty the cart?": every line goes, so it asks first. */
export function EmptyCartModal({
  open,
  lineCount,
  onClose,
}: {
  open: boolean;
  lineCount: number;
  onClose: () => void;
}) {
  const empty = useEmptyCart();

  const confirm = () => {
    if (empty.isPending) return;
    empty.mutate(undefined, {
      onSuccess: () => {
        notify('success', 'Your cart is empty now.');
        onClose();
      },
    });
  };

  return (
    <ConfirmModal
      open={open}
      title="Empty the cart?"
      confirmLabel="Yes, empty it"
      pending={empty.isPending}
      error={empty.error ? errorMessage(empty.error) : null}
      onConfirm={confirm}
      onClose={() => {
        empty.reset();
        onClose();
      }}
    >
      <p>
        All {lineCount} {lineCount === 1 ? 'line' : 'lines'} will be taken out of your cart. Your
        orders are not touched.
      </p>
    </ConfirmModal>
  );
}
