import { useState } from 'react';
import type { Order } from '../../../contract/orders.ts';
import { CancelOrderModal } from './cancel-order-modal.tsx';
import { canCancel, canCancelUnpaid, canShip } from './left-to-ship.ts';
import { ShipOrderModal } from './ship-order-modal.tsx';

/**
 * An admin's buttons on the order page: Ship… while something is left to ship, and Cancel
 * order… while the order is paid (Cancel unshipped… once a parcel has gone); Cancel some
 * pieces… of an unpaid order.
 */
export function OrderAdminActions({ order }: { order: Order }) {
  const [dialog, setDialog] = useState<'ship' | 'cancel' | null>(null);
  const close = () => setDialog(null);
  const ship = canShip(order);
  const unpaid = canCancelUnpaid(order);
  const cancel = canCancel(order) || unpaid;
  if (!ship && !cancel && dialog === null) return null;
  return (
    <div className="flex flex-wrap gap-3" role="group" aria-label="Admin actions">
      {ship && (
        <button type="button" className="btn btn-secondary" onClick={() => setDialog('ship')}>
          Ship…
        </button>
      )}
      {cancel && (
        <button
          type="button"
          className="btn btn-outline btn-error"
          onClick={() => setDialog('cancel')}
        >
          {unpaid
            ? 'Cancel some pieces…'
            : order.shipments.length === 0
              ? 'Cancel order…'
              : 'Cancel unshipped…'}
        </button>
      )}
      <ShipOrderModal order={dialog === 'ship' ? order : null} onClose={close} />
      <CancelOrderModal
        order={dialog === 'cancel' ? order : null}
        onClose={close}
        mode={unpaid ? 'unpaid' : 'shop'}
      />
    </div>
  );
}
