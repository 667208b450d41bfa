import { useNavigate } from 'react-router';
import type { ReorderResult } from '../../../contract/cart.ts';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useReorder } from '../cart/api.ts';
import type { ReorderColumn } from './order-actions.tsx';

/** What Order again put back, and what it could not, in one sentence. */
function reorderMessage(order: Order, { skipped }: ReorderResult) {
  const added = order.lines.length - skipped.length;
  if (skipped.length === 0) return `${order.name}: back in your cart at today's prices.`;
  const missing = skipped.map((line) => `${line.sku} ${line.name} (${line.message})`).join('; ');
  if (added <= 0) return `Nothing from ${order.name} could go back into your cart: ${missing}.`;
  return `${added} of ${order.lines.length} parts are back in your cart at today's prices. Not added: ${missing}.`;
}

/**
 * Order again, on My Orders and on the order page: the order's lines go back into the cart, and
 * the buyer goes there.
 */
export function useOrderAgain(): ReorderColumn {
  const reorder = useReorder();
  const navigate = useNavigate();
  const onReorder = (order: Order) =>
    reorder.mutate(order._id, {
      onSuccess: (result) => {
        const nothing = result.skipped.length >= order.lines.length;
        notify(
          nothing ? 'error' : result.skipped.length ? 'info' : 'success',
          reorderMessage(order, result),
        );
        if (!nothing) void navigate(sitePaths.cart);
      },
      onError: (error) => notify('error', errorMessage(error)),
    });
  return { onReorder, reorderingId: reorder.isPending ? (reorder.variables ?? null) : null };
}
