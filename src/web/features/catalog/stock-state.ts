import { groupDigits } from '../../../contract/number-text.ts';

/** Fewer pieces than this many minimum orders, and the page says how few are left. */
const LOW_STOCK_ORDERS = 5;

export type StockState = 'in' | 'low' | 'out';

/** Out of stock when not even the minimum order is left, as the shop's cards say. */
export function stockState({ stock, moq }: { stock: number; moq: number }): StockState {
  if (stock < moq) return 'out';
  return stock < moq * LOW_STOCK_ORDERS ? 'low' : 'in';
}

export function stockText(product: { stock: number; moq: number }) {
  switch (stockState(product)) {
    case 'out':
      return 'Out of stock';
    case 'low':
      return `Only ${groupDigits(product.stock)} left`;
    case 'in':
      return 'In stock';
  }
}
