import { useForm } from 'react-hook-form';
import {
  shipmentInput,
  type Shipment,
  type ShipmentInput,
} from '../../../contract/order-delivery.ts';
import type { Order } from '../../../contract/orders.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import { TextField } from '../../components/form-fields.tsx';
import { ModalFormFooter, RecordModal } from '../../components/modal.tsx';
import { fieldsOf, kebab } from '../../lib/fields-of.ts';
import { closeOnSave, formErrorOf, inputResolver, type FieldOf } from '../../lib/form-issues.ts';
import { orderRef } from '../../lib/order-text.ts';
import { linesToShip, type LineToShip } from './left-to-ship.ts';
import { useAddShipment } from './order-admin-api.ts';
import { PiecesRow } from './pieces-row.tsx';

/**
 * The ship dialog: how many of each line go in this parcel (all that is left, to start with),
 * the carrier, the tracking number and, if the carrier has one, the tracking link.
 */
export function ShipOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <RecordModal record={order} title="Ship" onClose={onClose}>
      {(shown) => <ShipForm key={shown._id} order={shown} onDone={onClose} />}
    </RecordModal>
  );
}

type Values = {
  /** Every line, in the order's order; `quantity` is this parcel's. */
  lines: (LineToShip & { quantity: number })[];
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
};

/** Only the lines with pieces in this parcel go, and no link is no link. */
const toInput = (v: Values) => ({
  lines: v.lines
    .filter((line) => line.productId !== null && line.quantity !== 0)
    .map((line) => ({ productId: line.productId, quantity: line.quantity })),
  carrier: v.carrier,
  trackingNumber: v.trackingNumber,
  trackingUrl: v.trackingUrl.trim() === '' ? undefined : v.trackingUrl.trim(),
});

const ownFields = new Set(['carrier', 'trackingNumber', 'trackingUrl']);
// Line issues are checked against each line below; "choose at least one" is the form's own.
const fieldOf: FieldOf<Values> = (path) =>
  ownFields.has(path) ? (path as 'carrier' | 'trackingNumber' | 'trackingUrl') : undefined;

/** What the schema cannot know: no line ships more than is left of it. */
function lineProblems({ lines }: Values) {
  const problems: Record<string, string> = {};
  lines.forEach(({ quantity, left }, i) => {
    const field = `lines.${i}.quantity`;
    if (!Number.isInteger(quantity)) problems[field] = 'Enter a whole number of pieces';
    else if (quantity < 0) problems[field] = 'Quantity cannot be negative';
    else if (quantity > left) problems[field] = `Only ${groupDigits(left)} left to ship`;
  });
  return problems;
}

const resolver = inputResolver(shipmentInput, toInput, fieldOf, lineProblems);

/** The notice once a parcel is recorded. */
function shippedText(order: Order, parcel: Shipment) {
  const pieces = parcel.lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${orderRef(order)}: ${groupDigits(pieces)} ${pieces === 1 ? 'piece' : 'pieces'} shipped by ${parcel.carrier}. The buyer has been mailed the tracking.`;
}

function ShipForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const ship = useAddShipment();
  const form = useForm<Values, unknown, ShipmentInput>({
    resolver,
    defaultValues: {
      lines: linesToShip(order).map((line) => ({
        ...line,
        // A line whose product is gone cannot be named in a parcel: Mark shipped sends it.
        quantity: line.productId === null ? 0 : line.left,
      })),
      carrier: '',
      trackingNumber: '',
      trackingUrl: '',
    },
  });
  const {
    getValues,
    formState: { errors },
  } = form;
  const id = (part: string) => `ship-${order._id}-${part}`;
  const field = fieldsOf(form, (name) => id(kebab(name)));

  const submit = form.handleSubmit((input) =>
    ship.mutate(
      { id: order._id, input },
      closeOnSave(form, fieldOf, (parcel: Shipment) => shippedText(order, parcel), onDone),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
      <p className="text-sm text-base-content/80">
        {orderRef(order)} for {order.userName} ({order.email})
      </p>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-medium">Pieces in this parcel</legend>
        {getValues('lines').map((line, i) => (
          <PiecesRow
            key={line.productId ?? line.sku}
            name={line.name}
            sku={line.sku}
            quantity={{
              ...field(`lines.${i}.quantity`, { valueAsNumber: true }),
              id: id(`line-${i}`),
              'aria-label': `Quantity to ship: ${line.name}`,
              max: line.left,
              readOnly: line.left === 0 || line.productId === null,
            }}
          >
            ordered {groupDigits(line.quantity)}, shipped {groupDigits(line.shipped)},{' '}
            <strong>{groupDigits(line.left)} left</strong>
          </PiecesRow>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('carrier')}
          label="Carrier"
          maxLength={60}
          required
          placeholder="PostNL, DHL, UPS…"
        />
        <TextField
          {...field('trackingNumber')}
          label="Tracking number"
          maxLength={100}
          required
          spellCheck={false}
        />
      </div>
      <TextField
        {...field('trackingUrl')}
        label="Tracking link (optional)"
        type="url"
        inputMode="url"
        maxLength={500}
        placeholder="https://…"
      />
      <ModalFormFooter
        error={errors.root?.message ?? formErrorOf(ship.error, fieldOf)}
        onCancel={onDone}
        pending={ship.isPending}
      >
        Ship these pieces
      </ModalFormFooter>
    </form>
  );
}
