import { useState } from 'react';
import type { Order } from '../../../contract/orders.ts';
import { CancelOrderModal } from './cancel-order-modal.tsx';
import { canCancelBackordered, canCancelUnpaid } from './left-to-ship.ts';

/**
 * The buyer's own cancel: "Cancel some pieces…" of an unpaid order (priced again, nothing to
 * refund), or "Cancel backordered…" of a paid one (refunded with a credit note).
 */
export function BuyerCancelAction({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const unpaid = canCancelUnpaid(order);
  if (!unpaid && !canCancelBackordered(order) && !open) return null;
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        {unpaid ? 'Cancel some pieces…' : 'Cancel backordered…'}
      </button>
      <CancelOrderModal
        order={open ? order : null}
        onClose={() => setOpen(false)}
        mode={unpaid ? 'unpaid' : 'backordered'}
      />
    </>
  );
}
