import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { useSession } from '../../lib/session.ts';
import { useOrderAgain } from './order-again.ts';
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
