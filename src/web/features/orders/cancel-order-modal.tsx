import { useForm } from 'react-hook-form';
import { cancelInput, type CancelInput } from '../../../contract/order-delivery.ts';
import type { Order } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { TextAreaField } from '../../components/form-fields.tsx';
import { ModalFormFooter, RecordModal } from '../../components/modal.tsx';
import { closeOnSave, formErrorOf, inputResolver, type FieldOf } from '../../lib/form-issues.ts';
import { orderRef } from '../../lib/order-text.ts';
import { useCancelOrder } from './order-admin-api.ts';

/** Cancel a paid order that has shipped nothing: why, and what follows (refund, credit note). */
export function CancelOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <RecordModal record={order} title="Cancel this order?" onClose={onClose}>
      {(shown) => <CancelForm key={shown._id} order={shown} onDone={onClose} />}
    </RecordModal>
  );
}

type Values = { reason: string };
const fieldOf: FieldOf<Values> = (path) => (path === 'reason' ? 'reason' : undefined);
const resolver = inputResolver(cancelInput, (values: Values) => values, fieldOf);

function CancelForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const cancel = useCancelOrder();
  const form = useForm<Values, unknown, CancelInput>({
    resolver,
    defaultValues: { reason: '' },
  });
  const {
    register,
    formState: { errors },
  } = form;

  const submit = form.handleSubmit((input) =>
    cancel.mutate(
      { id: order._id, input },
      closeOnSave(
        form,
        fieldOf,
        (cancelled: Order) =>
          `${orderRef(order)} is cancelled: ${formatDollars(order.grandTotal)} ${order.paymentMethod === 'account' ? "credited to the company's account" : 'refunded to the card'}, credit note ${cancelled.creditNoteNumber ?? ''} issued.`,
        onDone,
      ),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
      <p>
        {orderRef(order)} for {order.userName} ({order.email}), paid{' '}
        <strong>{formatDollars(order.grandTotal)}</strong>.
      </p>
      <ul className="list-disc pl-5 text-sm">
        <li>Its stock goes back on the shelf.</li>
        <li>
          {order.paymentMethod === 'account'
            ? `The company's account is credited ${formatDollars(order.grandTotal)}.`
            : `The card is refunded ${formatDollars(order.grandTotal)}.`}
        </li>
        <li>A credit note is issued against invoice {order.invoiceNumber ?? '—'}.</li>
      </ul>
      <TextAreaField
        id={`cancel-${order._id}-reason`}
        label="Reason"
        rows={3}
        maxLength={500}
        required
        hint="Kept in the order's timeline"
        registration={register('reason')}
        error={errors.reason?.message}
      />
      <ModalFormFooter
        error={errors.root?.message ?? formErrorOf(cancel.error, fieldOf)}
        onCancel={onDone}
        cancelLabel="Keep the order"
        pending={cancel.isPending}
        danger
      >
        Cancel and refund
      </ModalFormFooter>
    </form>
  );
}
