import { and, count, desc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { MAX_ORDER_TOTAL_CENTS } from '../../../contract/order-rules.ts';
import type { Db } from '../../db/client.ts';
import { orders, products } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;

type NewOrder = {
  productId: string;
  quantity: number;
  userId: string;
  email: string;
  userName: string;
};

/**
 * Reserves the stock and writes the order in one transaction. The conditional decrement is
 * the whole guard against overselling: it succeeds only while enough stock is left, however
 * many orders race for it. Returns undefined when there is not enough stock (or no product).
 */
export async function insertOrderReservingStock(db: Db, order: NewOrder) {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${order.quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(products.id, order.productId),
          gte(products.stock, order.quantity),
          lte(sql`${products.priceCents}::bigint * ${order.quantity}`, MAX_ORDER_TOTAL_CENTS),
        ),
      )
      .returning({ name: products.name, priceCents: products.priceCents });
    if (!product) return undefined;
    const [row] = await tx
      .insert(orders)
      .values({
        ...order,
        productName: product.name,
        unitPriceCents: product.priceCents,
        totalCents: product.priceCents * order.quantity,
      })
      .returning();
    return row;
  });
}

export async function findOrder(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function listOrdersOf(db: Db, email: string) {
  return db.select().from(orders).where(eq(orders.email, email)).orderBy(desc(orders.createdAt));
}

/** Deletes an unpaid order and gives its stock back, atomically; undefined if it was paid. */
export async function deleteUnpaidOrderReturningStock(
  db: Db,
  id: string,
  audit?: (tx: Db, row: OrderRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(orders)
      .where(and(eq(orders.id, id), eq(orders.paid, false)))
      .returning();
    if (row?.productId) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${row.quantity}`, updatedAt: new Date() })
        .where(eq(products.id, row.productId));
    }
    if (row && audit) await audit(tx as unknown as Db, row);
    return row;
  });
}

export async function findProductForOrder(db: Db, productId: string) {
  const [row] = await db
    .select({ stock: products.stock, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

const statusFilter = {
  all: undefined,
  unpaid: eq(orders.paid, false),
  paid: and(eq(orders.paid, true), isNull(orders.shippedAt)),
  shipped: isNotNull(orders.shippedAt),
} as const;

export async function listAllOrders(
  db: Db,
  { status, limit, offset }: { status: keyof typeof statusFilter; limit: number; offset: number },
) {
  const where = statusFilter[status];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Marks a paid, unshipped order shipped; undefined when it is not in that state. */
export async function markShippedAudited(
  db: Db,
  id: string,
  audit: (tx: Db, row: OrderRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ shippedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.paid, true), isNull(orders.shippedAt)))
      .returning();
    if (row) await audit(tx as unknown as Db, row);
    return row;
  });
}
