import type { Order } from '../../../contract/orders.ts';
import type { AdminColumns, ReorderColumn } from './order-actions.tsx';

/** What a list of orders shows, as a table (OrdersTable) or, on a phone, as cards (OrderCards). */
export type OrdersListProps = {
  label: string;
  orders: Order[];
  /** The No of the first row: lists paged on the server keep counting across pages. */
  firstNo?: number;
  onDelete: (order: Order) => void;
  admin?: AdminColumns;
  reorder?: ReorderColumn;
};
