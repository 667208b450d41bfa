import { expect } from 'vitest';

/** One product's books: what the stock ledger's invariant compares. */
export type StockBooks = {
  id: string;
  stock: number;
  /** The sum of all its movements. */
  moved: number;
  /** The sum of its opening and the admins' movements: what the shop owns. */
  owned: number;
  /** What unpaid orders hold. */
  held: number;
  openings: number;
};

/** Every product's books, in plain SQL for any client (drizzle's `sql.raw`, pg, PGlite). */
export const STOCK_BOOKS_SQL = `
  select p.id, p.stock,
    (select coalesce(sum(delta), 0)::int from stock_movement m where m.product_id = p.id) as moved,
    (select coalesce(sum(delta), 0)::int from stock_movement m
      where m.product_id = p.id
        and m.reason in ('opening', 'received', 'counted', 'damaged', 'returned', 'correction'))
      as owned,
    (select coalesce(sum(l.reserved), 0)::int from order_line l join "order" o on o.id = l.order_id
      where l.product_id = p.id and o.status = 'unpaid') as held,
    (select count(*)::int from stock_movement m
      where m.product_id = p.id and m.reason = 'opening') as openings
  from product p`;

/**
 * Fails unless every product opened once, its stock is the sum of its movements, and its stock
 * plus what unpaid orders hold is its opening plus the admins' movements.
 */
export function expectBalancedBooks(books: StockBooks[]) {
  for (const row of books) {
    expect(row.openings, `${row.id}: one opening`).toBe(1);
    expect(row.stock, `${row.id}: stock = sum of movements`).toBe(row.moved);
    expect(row.stock + row.held, `${row.id}: stock + unpaid holds = opening + admin`).toBe(
      row.owned,
    );
  }
}
