import { useState } from 'react';
import type { Order } from '../../../contract/orders.ts';
import { CancelOrderModal } from './cancel-order-modal.tsx';
import { canCancelBackordered } from './left-to-ship.ts';

/** The buyer's Cancel backordered…: pieces of a paid order still awaited, refunded with a credit note. */
export function CancelBackorderedAction({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  if (!canCancelBackordered(order) && !open) return null;
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        Cancel backordered…
      </button>
      <CancelOrderModal order={open ? order : null} onClose={() => setOpen(false)} byBuyer />
    </>
  );
}
