import { backorderText } from '../../../contract/backorder-text.ts';
import { groupDigits } from '../../../contract/number-text.ts';

/** Fewer pieces than this many minimum orders, and the page says how few are left. */
const LOW_STOCK_ORDERS = 5;

export type StockState = 'in' | 'low' | 'out' | 'backorder';

type Shelf = {
  stock: number;
  moq: number;
  backorder?: { allowed: boolean; expectedAt: string | null };
};

/**
 * Out of stock when not even the minimum order is left, as the shop's cards say; on backorder
 * then instead, when the part takes orders beyond its stock.
 */
export function stockState({ stock, moq, backorder }: Shelf): StockState {
  if (stock < moq) return backorder?.allowed ? 'backorder' : 'out';
  return stock < moq * LOW_STOCK_ORDERS ? 'low' : 'in';
}

export function stockText(product: Shelf) {
  switch (stockState(product)) {
    case 'backorder':
      return backorderText(product.backorder?.expectedAt ?? null);
    case 'out':
      return 'Out of stock';
    case 'low':
      return `Only ${groupDigits(product.stock)} left`;
    case 'in':
      return 'In stock';
  }
}
