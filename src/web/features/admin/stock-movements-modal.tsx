import { useState } from 'react';
import { Link } from 'react-router';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import type { Product } from '../../../contract/catalog.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import type { StockMovement } from '../../../contract/stock.ts';
import { ModalActions, RecordModal } from '../../components/modal.tsx';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { DataTable, numeric } from '../../components/data-table.tsx';
import {
  movementOrderText,
  movementReason,
  movementTime,
  signedPieces,
} from './stock-movement-text.ts';
import { useStockMovements } from './stock-movements-api.ts';

const PAGE_SIZE = 10;

/** A product's stock ledger, newest first: every piece in or out, why, and by whom. */
export function StockMovementsModal({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  return (
    <RecordModal
      record={product}
      title="Stock movements"
      onClose={onClose}
      wide
      footer={<ModalActions onCancel={onClose} cancelLabel="Done" />}
    >
      {/* Keyed, so each product starts on its own first page. */}
      {(shown) => <Movements key={shown._id} product={shown} />}
    </RecordModal>
  );
}

function Movements({ product }: { product: Product }) {
  const [page, setPage] = useState(1);
  const movements = useStockMovements(product._id, { page, limit: PAGE_SIZE });
  return (
    <div className="mt-2 flex flex-col gap-4">
      <p>
        {product.name}{' '}
        <span className="block font-mono text-sm text-base-content/80">SKU {product.sku}</span>
      </p>
      <PagedList
        result={movements}
        page={page}
        onPage={setPage}
        pagerEdges={false}
        loadingLabel="Loading stock movements"
        emptyText="No stock movements yet."
        count={(n) => `${counted(n, 'movement', 'movements')}, newest first`}
      >
        {(rows) => (
          <>
            {/* One of the two shows: a table where it fits, cards on a phone's width. */}
            <div className="hidden md:block">
              <MovementsTable movements={rows} />
            </div>
            <MovementCards movements={rows} />
          </>
        )}
      </PagedList>
    </div>
  );
}

function MovementsTable({ movements }: { movements: StockMovement[] }) {
  return (
    <DataTable
      label="Stock movements"
      small
      columns={[
        'When',
        'Reason',
        numeric('Change'),
        numeric('Stock after'),
        'Order',
        'Who',
        'Note',
      ]}
    >
      {movements.map((movement) => (
        <tr key={movement._id}>
          <td className="whitespace-nowrap">
            <time dateTime={movement.at}>{movementTime(movement.at)}</time>
          </td>
          <td>{movementReason(movement)}</td>
          <td className="text-right font-semibold tabular-nums">{signedPieces(movement.delta)}</td>
          <td className="text-right tabular-nums">{groupDigits(movement.stockAfter)}</td>
          <td>
            <OrderName movement={movement} />
          </td>
          <td className="whitespace-nowrap">{movement.actor}</td>
          <td className="min-w-48 wrap-anywhere">{movement.note}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The same movements as cards, one under another: nothing to scroll sideways on a phone. */
function MovementCards({ movements }: { movements: StockMovement[] }) {
  return (
    <ul aria-label="Stock movements" className="flex flex-col gap-3 md:hidden">
      {movements.map((movement) => (
        <li key={movement._id} className="rounded-box border border-base-300 bg-base-100 p-3">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span>
              <strong className="text-lg tabular-nums">{signedPieces(movement.delta)}</strong>{' '}
              {movementReason(movement)}
            </span>
            <span className="tabular-nums">Stock after {groupDigits(movement.stockAfter)}</span>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/80">When</dt>
            <dd>
              <time dateTime={movement.at}>{movementTime(movement.at)}</time>
            </dd>
            <dt className="text-base-content/80">Who</dt>
            <dd className="min-w-0 wrap-anywhere">{movement.actor}</dd>
            {movement.orderId && (
              <>
                <dt className="text-base-content/80">Order</dt>
                <dd>
                  <OrderName movement={movement} />
                </dd>
              </>
            )}
            {movement.note && (
              <>
                <dt className="text-base-content/80">Note</dt>
                <dd className="min-w-0 wrap-anywhere">{movement.note}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The order a movement names: its number, a link while the order exists. */
function OrderName({ movement }: { movement: StockMovement }) {
  const text = movementOrderText(movement);
  if (!text || !movement.orderId) return null;
  if (movement.orderNumber === null || movement.orderState === 'deleted') {
    return <span className="tabular-nums">{text}</span>;
  }
  return (
    <Link
      className="link tabular-nums"
      to={toPath(sitePaths.orderDetail, { orderid: movement.orderId })}
    >
      {text}
    </Link>
  );
}
