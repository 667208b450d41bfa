// Kept apart from orders.ts so the database schema and the order's delivery fields share it.

/** What an order's timeline records. */
export const orderEvents = [
  'placed',
  'shipping_set',
  'paid',
  'invoiced',
  'shipped',
  'cancelled',
  'refunded',
  'expired',
  'awaiting_approval',
  // Sent back for approval: re-priced, or its buyer's limit lowered, over that limit.
  'approval_needed_again',
  'approved',
  'rejected',
  'charged_to_account',
  'credit_note',
  // Pieces of an unpaid order cancelled before payment: its lines and total made smaller.
  'pieces_cancelled',
  // Units received for a backordered line were reserved for this order.
  'backorder_allocated',
  // Returns (RMA) of shipped parts: asked for, decided, received (then credit_note, refunded).
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
] as const;
export type OrderEventKind = (typeof orderEvents)[number];
