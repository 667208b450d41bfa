import { useForm } from 'react-hook-form';
import { cancelInput, type CancelInput } from '../../../contract/order-delivery.ts';
import type { Order } from '../../../contract/orders.ts';
import { formatDollars } from '../../../contract/money.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import { TextAreaField } from '../../components/form-fields.tsx';
import { ModalFormFooter, RecordModal } from '../../components/modal.tsx';
import { fieldsOf, kebab } from '../../lib/fields-of.ts';
import { closeOnSave, formErrorOf, inputResolver, type FieldOf } from '../../lib/form-issues.ts';
import { orderRef } from '../../lib/order-text.ts';
import { linesToShip, type LineToShip } from './left-to-ship.ts';
import { useCancelOrder } from './order-admin-api.ts';
import { PiecesRow } from './pieces-row.tsx';

/**
 * Whose cancel it is: the shop's of a paid order (anything not shipped), the buyer's of a paid
 * order (pieces awaited on backorder), or either's of an unpaid order (pieces of its lines,
 * priced again; nothing to refund).
 */
export type CancelMode = 'shop' | 'backordered' | 'unpaid';

/**
 * Cancel what has not shipped of a paid order: the whole order while nothing has (its pieces all
 * chosen to start with), or some pieces of its lines; why, and what follows (stock back, refund
 * or account credit, credit note). Of an unpaid order, some pieces, its total priced again.
 */
export function CancelOrderModal({
  order,
  onClose,
  mode = 'shop',
}: {
  order: Order | null;
  onClose: () => void;
  mode?: CancelMode;
}) {
  const title =
    mode === 'backordered'
      ? 'Cancel pieces on backorder?'
      : mode === 'unpaid'
        ? 'Cancel some pieces?'
        : order?.shipments.length
          ? 'Cancel unshipped pieces?'
          : 'Cancel this order?';
  return (
    <RecordModal record={order} title={title} onClose={onClose}>
      {(shown) => <CancelForm key={shown._id} order={shown} onDone={onClose} mode={mode} />}
    </RecordModal>
  );
}

/** Each line as the dialog offers it: `ordered` pieces, `cancellable` of them, `quantity` chosen. */
type LineToCancel = LineToShip & { ordered: number; cancellable: number; quantity: number };
/** `reasonOptional`: an unpaid order's pieces need no reason (the shop says one by default). */
type Values = { reason: string; reasonOptional: boolean; lines: LineToCancel[] };

/**
 * The shop may cancel what is on the shelf and what is awaited, the buyer of a paid order only
 * the latter; of an unpaid order, any piece of a line.
 */
const linesToCancel = (order: Order, mode: CancelMode): LineToCancel[] =>
  linesToShip(order).map((line) => {
    const cancellable =
      mode === 'backordered'
        ? line.backordered
        : mode === 'unpaid'
          ? line.quantity
          : line.left + line.backordered;
    const whole = mode === 'shop' && order.shipments.length === 0 && line.productId !== null;
    // Nothing shipped: the whole order, to start with; otherwise nothing until chosen.
    return { ...line, ordered: line.quantity, cancellable, quantity: whole ? cancellable : 0 };
  });

const toInput = (v: Values) => ({
  reason: v.reasonOptional && v.reason.trim() === '' ? undefined : v.reason,
  lines: v.lines
    .filter((line) => line.productId !== null && line.quantity !== 0)
    .map((line) => ({ productId: line.productId, quantity: line.quantity })),
});

const fieldOf: FieldOf<Values> = (path) => (path === 'reason' ? 'reason' : undefined);

/** What the schema cannot know: no line cancels more than is left of it. */
function lineProblems({ lines }: Values) {
  const problems: Record<string, string> = {};
  lines.forEach(({ quantity, cancellable }, i) => {
    const field = `lines.${i}.quantity`;
    if (!Number.isInteger(quantity)) problems[field] = 'Enter a whole number of pieces';
    else if (quantity < 0) problems[field] = 'Quantity cannot be negative';
    else if (quantity > cancellable) {
      problems[field] = `Only ${groupDigits(cancellable)} can be cancelled`;
    }
  });
  return problems;
}

const resolver = inputResolver(cancelInput, toInput, fieldOf, lineProblems);

const piecesText = (pieces: number) =>
  `${groupDigits(pieces)} ${pieces === 1 ? 'piece' : 'pieces'}`;

/** The notice once done: the whole order, or the pieces, and where the money went. */
function cancelledText(before: Order, after: Order) {
  if (after.status === 'unpaid') {
    const pieces = before.quantity - after.quantity;
    return `${orderRef(before)}: ${piecesText(pieces)} cancelled, ${formatDollars(after.grandTotal)} in all now.`;
  }
  const note = after.creditNotes.at(-1);
  const amount = formatDollars(note?.total ?? 0);
  const where =
    after.paymentMethod === 'account'
      ? "credited to the company's account"
      : 'refunded to the card';
  if (after.status === 'cancelled') {
    return `${orderRef(before)} is cancelled: ${amount} ${where}, credit note ${note?.number ?? ''} issued.`;
  }
  const pieces = (note?.lines ?? []).reduce((sum, line) => sum + line.quantity, 0);
  return `${orderRef(before)}: ${piecesText(pieces)} cancelled, ${amount} ${where}, credit note ${note?.number ?? ''} issued.`;
}

function CancelForm({
  order,
  onDone,
  mode,
}: {
  order: Order;
  onDone: () => void;
  mode: CancelMode;
}) {
  const cancel = useCancelOrder();
  const form = useForm<Values, unknown, CancelInput>({
    resolver,
    defaultValues: {
      reason: '',
      reasonOptional: mode === 'unpaid',
      lines: linesToCancel(order, mode),
    },
  });
  const {
    register,
    getValues,
    formState: { errors },
  } = form;
  const id = (part: string) => `cancel-${order._id}-${part}`;
  const field = fieldsOf(form, (name) => id(kebab(name)));
  const account = order.paymentMethod === 'account';

  const submit = form.handleSubmit((input) =>
    cancel.mutate(
      { id: order._id, input },
      closeOnSave(form, fieldOf, (after: Order) => cancelledText(order, after), onDone),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
      <p>
        {orderRef(order)} for {order.userName} ({order.email}),{' '}
        {mode === 'unpaid' ? 'not paid yet, ' : 'paid '}
        <strong>{formatDollars(order.grandTotal)}</strong>
        {mode === 'unpaid' ? ' in all' : ''}.
      </p>
      {mode === 'unpaid' ? (
        <ul className="list-disc pl-5 text-sm">
          <li>The pieces cancelled go back on the shelf, or are no longer waited for.</li>
          <li>
            The lines left are priced again at their quantity: fewer pieces can cost more each.
            Shipping and tax are worked out again.
          </li>
          <li>Nothing has been charged, so there is nothing to refund.</li>
        </ul>
      ) : (
        <ul className="list-disc pl-5 text-sm">
          <li>
            {mode === 'backordered'
              ? 'Pieces on backorder are not waited for any more.'
              : 'The pieces cancelled go back on the shelf.'}
          </li>
          <li>
            {account
              ? "The company's account is credited their price with its tax."
              : 'The card is refunded their price with its tax.'}{' '}
            {mode === 'backordered'
              ? 'The rest of the order ships as planned.'
              : order.shipments.length === 0
                ? 'Cancelling every piece gives back the shipping too.'
                : 'The shipping is not given back: part of the order has shipped.'}
          </li>
          <li>A credit note is issued against invoice {order.invoiceNumber ?? '—'}.</li>
        </ul>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-medium">Pieces to cancel</legend>
        {getValues('lines').map((line, i) => (
          <PiecesRow
            key={line.productId ?? line.sku}
            name={line.name}
            sku={line.sku}
            quantity={{
              ...field(`lines.${i}.quantity`, { valueAsNumber: true }),
              id: id(`line-${i}`),
              'aria-label': `Quantity to cancel: ${line.name}`,
              max: line.cancellable,
              readOnly: line.cancellable === 0 || line.productId === null,
            }}
          >
            ordered {groupDigits(line.ordered)}
            {mode === 'unpaid' ? '' : `, shipped ${groupDigits(line.shipped)}`}
            {line.cancelled > 0 ? `, cancelled ${groupDigits(line.cancelled)}` : ''}
            {line.backordered > 0 ? `, ${groupDigits(line.backordered)} on backorder` : ''},{' '}
            <strong>{groupDigits(line.cancellable)} can be cancelled</strong>
          </PiecesRow>
        ))}
      </fieldset>
      <TextAreaField
        id={id('reason')}
        label={mode === 'unpaid' ? 'Reason (optional)' : 'Reason'}
        rows={3}
        maxLength={500}
        required={mode !== 'unpaid'}
        hint={
          mode === 'unpaid'
            ? "Kept in the order's timeline"
            : "Kept in the order's timeline and printed on the credit note"
        }
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
        {mode === 'unpaid' ? 'Cancel pieces' : 'Cancel and refund'}
      </ModalFormFooter>
    </form>
  );
}
