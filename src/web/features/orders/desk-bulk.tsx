import { useId, useState } from 'react';
import type { BulkShipResult, Order } from '../../../contract/orders.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { deskPaperPaths, useShipMany } from './all-orders-api.ts';
import { DESK_FORM_ID } from './desk-table.tsx';

/**
 * The actions on the orders ticked: a plain form, so that before the script has loaded the
 * papers are GET links of the ticked numbers and Ship all posts them to the page's action.
 */
export function DeskBulkBar({ count, onShipAll }: { count: number; onShipAll: () => void }) {
  const none = count === 0;
  const paper = (label: string, path: string, newTab = true) => (
    <button
      type="submit"
      className="btn btn-sm btn-outline"
      formAction={path}
      formMethod="get"
      {...(newTab ? { formTarget: '_blank' } : {})}
      disabled={none}
    >
      {label}
    </button>
  );
  return (
    <form
      id={DESK_FORM_ID}
      method="post"
      aria-label="Selected orders"
      className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-box border border-base-300 bg-base-100 p-2"
    >
      <p className="mr-auto text-sm" aria-live="polite">
        {none ? 'Tick orders to act on them' : `${count} selected`}
      </p>
      <button
        type="submit"
        name="intent"
        value="ship-all"
        className="btn btn-sm btn-secondary"
        disabled={none}
        onClick={(event) => {
          event.preventDefault();
          onShipAll();
        }}
      >
        Ship all
      </button>
      {paper('Print pick list', deskPaperPaths.pickList)}
      {paper('Print packing slips', deskPaperPaths.packingSlips)}
      {paper('Export CSV', deskPaperPaths.csv, false)}
    </form>
  );
}

export const shippedSummary = ({ shipped, results }: BulkShipResult) =>
  `${shipped} of ${results.length} ${results.length === 1 ? 'order' : 'orders'} shipped.`;

/** Ship all: a tracking number for each order (or none), then one line per order saying how it went. */
export function ShipAllDialog({
  orders,
  open,
  onClose,
  onDone,
}: {
  orders: Order[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const headingId = useId();
  const ship = useShipMany();
  const [result, setResult] = useState<BulkShipResult | null>(null);
  const close = () => {
    setResult(null);
    ship.reset();
    onClose();
  };
  const submit = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    const carrier = String(fields.get('carrier') ?? '').trim();
    ship.mutate(
      {
        orders: orders.map((o) => {
          const tracking = String(fields.get(`tracking-${o.number}`) ?? '').trim();
          return {
            number: o.number,
            ...(carrier ? { carrier } : {}),
            ...(tracking ? { trackingNumber: tracking } : {}),
          };
        }),
      },
      {
        onSuccess: (answer) => {
          setResult(answer);
          notify(
            answer.shipped === answer.results.length ? 'success' : 'info',
            shippedSummary(answer),
          );
          onDone();
        },
        onError: (error) => notify('error', errorMessage(error)),
      },
    );
  };
  return (
    <Modal open={open} onClose={close} labelledBy={headingId} wide>
      <h2 id={headingId} className="text-lg font-bold">
        Ship {orders.length} {orders.length === 1 ? 'order' : 'orders'}
      </h2>
      {result ? (
        <>
          <p className="mt-2 font-semibold">{shippedSummary(result)}</p>
          <ul
            className="mt-2 flex max-h-96 flex-col gap-1 overflow-y-auto text-sm"
            aria-label="Ship all results"
          >
            {result.results.map((r) => (
              <li key={r.number} className={r.shipped ? '' : 'text-error'}>
                #{r.number}: {r.message}
              </li>
            ))}
          </ul>
          <ModalActions onCancel={close} cancelLabel="Close" />
        </>
      ) : (
        <form
          className="mt-2 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit(event.currentTarget);
          }}
        >
          <p className="text-sm">
            Each ships everything allocated and not yet shipped, in one parcel; pieces on backorder
            wait. Give each its tracking number, or leave it empty.
          </p>
          <label className="flex flex-col gap-1 text-sm">
            Carrier (all parcels; empty: own delivery)
            <input name="carrier" className="input input-sm w-full max-w-xs" maxLength={60} />
          </label>
          <div className="grid max-h-80 grid-cols-1 gap-2 overflow-y-auto sm:grid-cols-2">
            {orders.map((o) => (
              <label key={o.number} className="flex items-center gap-2 text-sm">
                <span className="w-20 shrink-0 font-semibold">#{o.number}</span>
                <span className="sr-only">Tracking number for order #{o.number}</span>
                <input
                  name={`tracking-${o.number}`}
                  className="input input-sm w-full"
                  maxLength={100}
                  placeholder="Tracking number"
                />
              </label>
            ))}
          </div>
          <ModalActions onCancel={close} flush>
            <BusyButton type="submit" className="btn btn-secondary" pending={ship.isPending}>
              Ship {orders.length} {orders.length === 1 ? 'order' : 'orders'}
            </BusyButton>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
