import { and, desc, eq, gte, sql } from 'drizzle-orm';
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
      .where(and(eq(products.id, order.productId), gte(products.stock, order.quantity)))
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
export async function deleteUnpaidOrderReturningStock(db: Db, id: string) {
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
    return row;
  });
}

export async function findProductStock(db: Db, productId: string) {
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}
