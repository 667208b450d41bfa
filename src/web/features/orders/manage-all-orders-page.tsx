import { useState } from 'react';
import {
  redirect,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import type { Order } from '../../../contract/orders.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { intentAction } from '../../lib/intent-action.ts';
import { notify } from '../../lib/notify.ts';
import { orderRef } from '../../lib/order-text.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { allOrdersQuery, shipMany, useAllOrders, useShipOrder } from './all-orders-api.ts';
import { DeleteOrderModal } from './delete-order-modal.tsx';
import { DeskBulkBar, ShipAllDialog, shippedSummary } from './desk-bulk.tsx';
import { DeskFilters } from './desk-filters.tsx';
import { deskSearch, isFiltered } from './desk-search.ts';
import { DeskTable } from './desk-table.tsx';

// Manage All Orders, the orders desk (issue 35): 50 orders a page in a dense table (cards on a
// phone), filtered by the address's query (status, q, from, to, company, payment, page), with
// bulk actions on the orders ticked. docs/decisions/0040.

export function loader({ context, request }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const search = deskSearch(new URL(request.url).searchParams);
  return ensureSignedIn(page, () => [allOrdersQuery(search, page.call)]);
}

/** Ship all posted before the script took over: no tracking numbers, one flash for them all. */
async function shipAllPosted({ request, context }: ActionFunctionArgs) {
  const fields = await request.formData();
  const page = pageOf(context);
  const numbers = fields.getAll('order').map(Number).filter(Number.isInteger);
  try {
    const answer = await shipMany(
      {
        orders: numbers.map((number) => {
          const tracking = String(fields.get(`tracking-${number}`) ?? '').trim();
          return { number, ...(tracking ? { trackingNumber: tracking } : {}) };
        }),
      },
      page.call,
    );
    const refused = answer.results.filter((r) => !r.shipped);
    const why = refused.map((r) => `#${r.number}: ${r.message}`).join(' ');
    page.flash?.({
      kind: refused.length === 0 ? 'success' : 'info',
      message: `${shippedSummary(answer)}${why ? ` ${why}` : ''}`,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    page.flash?.({ kind: 'error', message: errorMessage(error) });
  }
  const back = new URL(request.url);
  return redirect(`${back.pathname}${back.search}`, 303);
}

export const action = intentAction({ 'ship-all': () => shipAllPosted });

export function ManageAllOrdersPage() {
  const [params, setParams] = useSearchParams();
  const search = deskSearch(params);
  const orders = useAllOrders(search);
  const ship = useShipOrder();
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // The orders Ship all was opened for, kept while the list behind it changes.
  const [shipping, setShipping] = useState<Order[] | null>(null);
  const rows = orders.data?.data ?? [];

  const toPage = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    setSelected(new Set());
    setParams(next);
  };
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next.toString()}`;
  };

  const selection = {
    selected,
    toggle: (number: number, on: boolean) =>
      setSelected((was) => {
        const next = new Set(was);
        if (on) next.add(number);
        else next.delete(number);
        return next;
      }),
    toggleAll: (on: boolean) => setSelected(on ? new Set(rows.map((o) => o.number)) : new Set()),
  };

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
      description="The orders desk: filter, tick, ship and print for the warehouse."
    >
      <DeskFilters search={search} />
      <DeskBulkBar
        count={selected.size}
        onShipAll={() => setShipping(rows.filter((o) => selected.has(o.number)))}
      />
      <PagedList
        result={orders}
        page={search.page}
        onPage={toPage}
        pageHref={hrefFor}
        loadingLabel="Loading orders"
        emptyText={isFiltered(search) ? 'No orders match these filters.' : 'No orders yet.'}
        count={(n) =>
          `${counted(n, 'order', 'orders')}${isFiltered(search) ? ' matching' : ''}, newest first`
        }
      >
        {(list) => (
          <DeskTable
            orders={list}
            selection={selection}
            actions={{
              onShip: markShipped,
              shippingId: ship.isPending ? (ship.variables ?? null) : null,
              onDelete: setDeleting,
            }}
          />
        )}
      </PagedList>
      <ShipAllDialog
        open={shipping !== null}
        orders={shipping ?? []}
        onClose={() => setShipping(null)}
        onDone={() => setSelected(new Set())}
      />
      <DeleteOrderModal order={deleting} onClose={() => setDeleting(null)} />
    </DashboardSection>
  );
}
