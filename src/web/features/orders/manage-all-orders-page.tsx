import { useState } from 'react';
import type { Order } from '../../../contract/orders.ts';
import { notify } from '../../lib/notify.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useAllOrders, useShipOrder, type OrderStatus } from './all-orders-api.ts';
import { useListParams } from '../../lib/list-params.ts';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { SegmentedFilter } from '../../components/segmented-filter.tsx';
import { isOrderStatus, orderStatuses } from './status-filter.ts';
import { DeleteOrderModal } from './delete-order-modal.tsx';
import { OrdersTable } from './orders-table.tsx';
import { orderRef } from '../../lib/order-text.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';

const PAGE_SIZE = 20;

const emptyText: Record<OrderStatus, string> = {
  all: 'No orders yet.',
  unpaid: 'No unpaid orders.',
  awaiting_approval: 'No orders awaiting approval.',
  paid: 'No paid orders.',
  partially_shipped: 'No partly shipped orders.',
  shipped: 'No shipped orders.',
  expired: 'No expired orders.',
  cancelled: 'No cancelled orders.',
  rejected: 'No rejected orders.',
};

/** "No paid orders match …": the filter in force, said with the search. */
const statusWord: Record<OrderStatus, string> = {
  all: '',
  unpaid: 'unpaid ',
  awaiting_approval: 'awaiting approval ',
  paid: 'paid ',
  partially_shipped: 'partly shipped ',
  shipped: 'shipped ',
  expired: 'expired ',
  cancelled: 'cancelled ',
  rejected: 'rejected ',
};

export function ManageAllOrdersPage() {
  const { page, q, get, update, paging } = useListParams();
  const raw = get('status');
  const status: OrderStatus = isOrderStatus(raw) ? raw : 'all';
  const orders = useAllOrders({ status, q: q || undefined, page, limit: PAGE_SIZE });
  const ship = useShipOrder();
  const [deleting, setDeleting] = useState<Order | null>(null);

  const markShipped = (order: Order) =>
    ship.mutate(order._id, {
      onSuccess: () =>
        notify(
          'success',
          `${orderRef(order)}: ${order.name} for ${order.email} is marked shipped.`,
        ),
      onError: (error) => notify('error', errorMessage(error)),
    });

  return (
    <DashboardSection
      title="Manage All Orders"
      description="Every ECParts order: payment, shipping and deletion of unpaid orders."
    >
      <SegmentedFilter
        legend="Show orders"
        name="order-status"
        options={orderStatuses}
        wrap
        value={status}
        onChange={(next) => update({ status: next === 'all' ? undefined : next })}
      />
      <PagedList
        result={orders}
        {...paging}
        search={{
          id: 'order-search',
          name: 'Order search',
          label: 'Search orders',
          placeholder: 'Order number, email or name',
          query: q,
          onSearch: (value) => update({ q: value }),
        }}
        loadingLabel="Loading orders"
        emptyText={q ? `No ${statusWord[status]}orders match “${q}”.` : emptyText[status]}
        count={(n) =>
          `${counted(n, 'order', 'orders')}${q ? ` matching “${q}”` : ''}, newest first`
        }
      >
        {(rows, firstNo) => (
          <OrdersTable
            label="All orders"
            orders={rows}
            firstNo={firstNo}
            onDelete={setDeleting}
            admin={{
              onShip: markShipped,
              shippingId: ship.isPending ? (ship.variables ?? null) : null,
            }}
          />
        )}
      </PagedList>
      <DeleteOrderModal order={deleting} onClose={() => setDeleting(null)} />
    </DashboardSection>
  );
}
