import type { Product } from '../../../contract/catalog.ts';
import { formatDollars } from '../../../contract/money.ts';
import { DataTable, RowDeleteButton } from '../../components/data-table.tsx';
import { groupDigits } from '../../../contract/number-text.ts';

type Props = {
  products: Product[];
  firstNo: number;
  onManage: (product: Product) => void;
  onReceive: (product: Product) => void;
  onMovements: (product: Product) => void;
  onDelete: (product: Product) => void;
};

/**
 * Spec's Manage Products table: No, Name (with the SKU under it), Price, Stock, Manage, Delete.
 * Manage also holds the stock's own actions: receiving stock and its movements.
 */
export function ProductsTable({
  products,
  firstNo,
  onManage,
  onReceive,
  onMovements,
  onDelete,
}: Props) {
  return (
    <DataTable label="Products" columns={['No', 'Name', 'Price', 'Stock', 'Manage', 'Delete']}>
      {products.map((product, i) => (
        <tr key={product._id}>
          <th scope="row">{firstNo + i}</th>
          <td className="min-w-40">
            {product.name}
            {/* Inside Name, so the spec's columns stay as they are. */}
            <span className="block font-mono text-xs text-base-content/80">SKU {product.sku}</span>
          </td>
          <td>{formatDollars(product.price)}</td>
          <td>{groupDigits(product.stock)}</td>
          <td>
            <div className="flex min-w-36 flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-secondary"
                aria-label={`Manage ${product.name}`}
                onClick={() => onManage(product)}
              >
                Manage
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                aria-label={`Receive stock for ${product.name}`}
                onClick={() => onReceive(product)}
              >
                Receive stock
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                aria-label={`Stock movements of ${product.name}`}
                onClick={() => onMovements(product)}
              >
                Movements
              </button>
            </div>
          </td>
          <td>
            <RowDeleteButton label={`Delete ${product.name}`} onClick={() => onDelete(product)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
