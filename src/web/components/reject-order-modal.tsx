import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { Order } from '../../contract/orders.ts';
import { formatDollars } from '../../contract/money.ts';
import { TextAreaField } from './form-fields.tsx';
import { ModalFormFooter, RecordModal } from './modal.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { notify } from '../lib/notify.ts';
import { orderRef } from '../lib/order-text.ts';

/** POST /orders/{id}/reject as a mutation (features/company/approvals-api.ts). */
export type RejectOrder = UseMutationResult<
  Order,
  Error,
  { order: Pick<Order, '_id'>; reason?: string }
>;

/** Reject an order waiting for approval: its stock goes back, and the buyer is told why. */
export function RejectOrderModal({
  order,
  reject,
  onClose,
}: {
  order: Order | null;
  reject: RejectOrder;
  onClose: () => void;
}) {
  return (
    <RecordModal record={order} title="Reject this order?" onClose={onClose}>
      {(shown) => <RejectForm key={shown._id} order={shown} reject={reject} onDone={onClose} />}
    </RecordModal>
  );
}

function RejectForm({
  order,
  reject,
  onDone,
}: {
  order: Order;
  reject: RejectOrder;
  onDone: () => void;
}) {
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) =>
    reject.mutate(
      { order, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          notify('success', `${orderRef(order)} is rejected; ${order.placedBy.name} is told.`);
          onDone();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
      <p>
        {orderRef(order)} by {order.placedBy.name},{' '}
        <strong>{formatDollars(order.grandTotal)}</strong>. Its parts go back on the shelf.
      </p>
      <TextAreaField
        id={`reject-${order._id}-reason`}
        label="Reason (optional)"
        rows={3}
        maxLength={500}
        hint="Mailed to the buyer"
        registration={form.register('reason')}
      />
      <ModalFormFooter
        error={reject.isError ? errorMessage(reject.error) : null}
        onCancel={onDone}
        cancelLabel="Keep waiting"
        pending={reject.isPending}
        danger
      >
        Reject
      </ModalFormFooter>
    </form>
  );
}
