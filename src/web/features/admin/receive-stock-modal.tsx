import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Product } from '../../../contract/catalog.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import {
  adminStockReasons,
  stockMovementInput,
  type AdminStockReason,
} from '../../../contract/stock.ts';
import { NumberField, TextField } from '../../components/form-fields.tsx';
import { ModalFormFooter, RecordModal } from '../../components/modal.tsx';
import { fieldsOf } from '../../lib/fields-of.ts';
import { signedPieces, stockReasonLabel } from './stock-movement-text.ts';
import { useMoveStock } from './stock-movements-api.ts';

/** Each reason in the list, with what it is for: short enough for the select's width. */
const reasonOption: Record<AdminStockReason, string> = {
  received: 'Received: a delivery',
  counted: 'Counted: a stock take',
  damaged: 'Damaged or lost',
  returned: 'Returned by a customer',
  correction: 'Correction of an error',
};

/**
 * Receive stock: a change by so many pieces, with its reason, recorded in the product's
 * ledger. Unlike a count in Manage, a delta never needs the stock it was made against, so
 * orders reserving meanwhile cannot make it wrong.
 */
export function ReceiveStockModal({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  return (
    <RecordModal record={product} title="Receive stock" onClose={onClose}>
      {(shown) => <ReceiveStockForm key={shown._id} product={shown} onDone={onClose} />}
    </RecordModal>
  );
}

type Values = { delta: number; reason: AdminStockReason; note: string };
type Output = z.output<typeof stockMovementInput>;

const checkMovement = zodResolver(stockMovementInput);

function ReceiveStockForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const move = useMoveStock();
  const id = `receive-${product._id}`;
  const form = useForm<Values, unknown, Output>({
    resolver: (values, context, options) =>
      checkMovement(
        // An empty note is no note.
        { ...values, note: values.note.trim() === '' ? undefined : values.note },
        context,
        options as Parameters<typeof checkMovement>[2],
      ),
    defaultValues: { reason: 'received', note: '' },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const field = fieldsOf(form, (name) => `${id}-${name}`);

  const submit = form.handleSubmit((input) =>
    move.mutate(
      { id: product._id, input },
      {
        // Ready for the next entry: the number and note go, the reason stays. Without values,
        // react-hook-form resets the form element too, which is what empties a number input.
        onSuccess: () => {
          form.reset();
          form.setValue('reason', input.reason);
        },
      },
    ),
  );

  const stock = move.data?.stock ?? product.stock;
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
      <p>
        {product.name}{' '}
        <span className="block font-mono text-sm text-base-content/80">SKU {product.sku}</span>
      </p>
      <p role="status" className="rounded-box bg-base-200 px-4 py-3">
        {move.data ? (
          <>
            {stockReasonLabel[move.data.movement.reason]}{' '}
            <strong>{signedPieces(move.data.movement.delta)}</strong>. Stock is now{' '}
            <strong>{groupDigits(stock)}</strong>.
          </>
        ) : (
          <>
            In stock: <strong>{groupDigits(stock)}</strong>
          </>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          {...field('delta', { valueAsNumber: true })}
          label="Pieces (+ in, − out)"
          step={1}
          required
          hint="20 adds twenty pieces, -3 takes three away"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-reason`} className="font-medium">
            Reason
          </label>
          <select
            id={`${id}-reason`}
            className={`select w-full ${errors.reason ? 'select-error' : ''}`}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            {...register('reason')}
          >
            {adminStockReasons.map((reason) => (
              <option key={reason} value={reason}>
                {reasonOption[reason]}
              </option>
            ))}
          </select>
          {errors.reason && (
            <p id={`${id}-reason-error`} className="text-sm text-error">
              {errors.reason.message}
            </p>
          )}
        </div>
      </div>
      <TextField
        {...field('note')}
        label="Note (optional)"
        maxLength={500}
        placeholder="Delivery note, supplier, who counted"
      />
      <ModalFormFooter
        error={move.error?.message}
        onCancel={onDone}
        cancelLabel={move.data ? 'Done' : 'Cancel'}
        pending={move.isPending}
      >
        Record movement
      </ModalFormFooter>
    </form>
  );
}
