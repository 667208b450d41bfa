import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ReorderResult } from '../../../contract/cart.ts';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useReorder } from '../cart/api.ts';
import { useMyOrders } from './api.ts';
import { DeleteOrderModal } from './delete-order-modal.tsx';
import { OrdersTable, type ReorderColumn } from './orders-table.tsx';
import { DashboardSection } from '../../components/dashboard-section.tsx';

export function MyOrdersPage() {
  // RequireAuth above the dashboard guarantees a user once the session has loaded.
  const { user } = useSession();
  return (
    <DashboardSection title="My Orders" description="Your ECParts orders and their payment status.">
      {user && <MyOrders email={user.email} />}
    </DashboardSection>
  );
}

/** What Order again put back, and what it could not, in one sentence. */
function reorderMessage(order: Order, { skipped }: ReorderResult) {
  const added = order.lines.length - skipped.length;
  if (skipped.length === 0) return `${order.name}: back in your cart at today's prices.`;
  const missing = skipped.map((line) => `${line.sku} ${line.name} (${line.message})`).join('; ');
  if (added <= 0) return `Nothing from ${order.name} could go back into your cart: ${missing}.`;
  return `${added} of ${order.lines.length} parts are back in your cart at today's prices. Not added: ${missing}.`;
}

/** Order again: the order's lines go back into the cart, and the buyer goes there. */
function useOrderAgain(): ReorderColumn {
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

function MyOrders({ email }: { email: string }) {
  const [deleting, setDeleting] = useState<Order | null>(null);
  const reorder = useOrderAgain();
  return (
    <>
      <OrderList email={email} onDelete={setDeleting} reorder={reorder} />
      {/* Outside the list, so deleting the last order does not pull the dialog away. */}
      <DeleteOrderModal order={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function OrderList({
  email,
  onDelete,
  reorder,
}: {
  email: string;
  onDelete: (order: Order) => void;
  reorder: ReorderColumn;
}) {
  const orders = useMyOrders(email);
  if (orders.isPending) return <SectionSpinner label="Loading your orders" />;
  if (orders.isError) return <SectionError error={orders.error} />;
  if (orders.data.data.length === 0) {
    return (
      <div className="rounded-box border border-base-300 bg-base-100 p-8 text-center">
        <p className="text-lg">You have no orders yet.</p>
        <Link to={sitePaths.shop} className="btn btn-primary mt-4">
          Browse the shop
        </Link>
      </div>
    );
  }
  return (
    <OrdersTable
      label="Your orders"
      orders={orders.data.data}
      onDelete={onDelete}
      reorder={reorder}
    />
  );
}
