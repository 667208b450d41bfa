import { asc, inArray, sql } from 'drizzle-orm';
import type { StockReason } from '../../../contract/stock.ts';
import type { Executor } from '../../db/client.ts';
import { products, stockMovements } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { rawRows } from '../../db/raw-rows.ts';

/**
 * Who moved the stock: an account (its id, and its email as the ledger shows it), or the server
 * itself (no id, and a word for what it was: the expiry sweep, the seed).
 */
export type StockActor = { id: string | null; name: string };

export const expirySweep: StockActor = { id: null, name: 'expiry' };
export const demoSeed: StockActor = { id: null, name: 'seed' };

export const accountActor = (account: { id: string; email: string }): StockActor => ({
  id: account.id,
  name: account.email,
});

/** One change of one product's stock, as its row in the ledger will say it. */
export type StockMove = {
  productId: string;
  /** Pieces in (+) or out (-). Zero only for an opening (a product added with none). */
  delta: number;
  reason: StockReason;
  orderId?: string | null;
  actor: StockActor;
  note?: string | null;
};

export type MovementRow = typeof stockMovements.$inferSelect;

/** A move that would take a product's stock below zero: the whole call changes nothing. */
export class StockBelowZero extends AppError {
  constructor(
    readonly productId: string,
    readonly stock: number,
    readonly delta: number,
  ) {
    super(
      'conflict',
      `Stock cannot go below zero: there are ${stock} in stock, and this takes ${-delta}`,
    );
  }
}

/**
 * THE one way a product's stock changes: every move is a row of the ledger, written in the same
 * transaction as the stock it changes, so a product's stock is always the sum of its movements.
 * Runs inside the caller's transaction. The products are locked in id order first (the lock a
 * checkout takes, see catalog/repository.ts lockProducts), so this never deadlocks with a
 * checkout; a caller that holds that lock already passes the stock it read under it as
 * `locked`, and nothing is locked or read again. Each product's stock then changes in one
 * UPDATE for all its moves (the expiry sweep of many orders too), in the same statement as the
 * rows, and each row's `stockAfter` is exact in the order the moves are given. A move that would
 * take a product below zero, even for a moment within the call, throws StockBelowZero before
 * anything is written. Moves of a product that no longer exists are dropped: there is nothing
 * to keep.
 */
export async function moveStock(
  tx: Executor,
  moves: readonly StockMove[],
  { locked }: { locked?: ReadonlyMap<string, { stock: number }> } = {},
) {
  const wanted = moves.filter((m) => m.delta !== 0 || m.reason === 'opening');
  const stock = new Map<string, number>();
  if (wanted.length === 0) return { stock, movements: [] as MovementRow[] };
  const ids = [...new Set(wanted.map((m) => m.productId))].sort();
  if (locked) {
    for (const id of ids) {
      const row = locked.get(id);
      if (row) stock.set(id, row.stock);
    }
  } else {
    const rows = await tx
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      // Not FOR UPDATE, as lockProducts says: a cart line's foreign key must not wait for this.
      .for('no key update');
    for (const row of rows) stock.set(row.id, row.stock);
  }
  const before = new Map(stock);

  const rows: (typeof stockMovements.$inferInsert)[] = [];
  for (const move of wanted) {
    const now = stock.get(move.productId);
    if (now === undefined) continue;
    const after = now + move.delta;
    if (after < 0) throw new StockBelowZero(move.productId, now, move.delta);
    stock.set(move.productId, after);
    rows.push({
      productId: move.productId,
      delta: move.delta,
      reason: move.reason,
      orderId: move.orderId ?? null,
      actorId: move.actor.id,
      actor: move.actor.name,
      note: move.note ?? null,
      stockAfter: after,
    });
  }
  if (rows.length === 0) return { stock, movements: [] as MovementRow[] };

  // One statement: the stock of each product by the sum of its moves, guarded in the database
  // too, and the rows only of products whose stock came out as computed above. A row missing
  // from what it returns means the stock moved under the lock, and the caller's transaction
  // is then rolled back by the throw below.
  const totals = sql.join(
    [...stock].map(
      ([id, after]) => sql`(${id}::uuid, ${after - before.get(id)!}::int, ${after}::int)`,
    ),
    sql`, `,
  );
  const values = sql.join(
    rows.map(
      (r, i) =>
        sql`(${i}::int, ${r.productId}::uuid, ${r.delta}::int, ${r.reason}::text, ${r.orderId}::uuid, ${r.actorId}::text, ${r.actor}::text, ${r.note}::text, ${r.stockAfter}::int)`,
    ),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with moved as (
      update ${products} set stock = ${products.stock} + v.delta, updated_at = now()
      from (values ${totals}) as v(id, delta, after)
      where ${products.id} = v.id and ${products.stock} + v.delta = v.after and v.after >= 0
      returning ${products.id} as id
    )
    insert into ${stockMovements}
      (product_id, delta, reason, order_id, actor_id, actor, note, stock_after)
    select r.product_id, r.delta, r.reason, r.order_id, r.actor_id, r.actor, r.note, r.stock_after
    from (values ${values})
      as r(n, product_id, delta, reason, order_id, actor_id, actor, note, stock_after)
    join moved on moved.id = r.product_id
    order by r.n
    returning id, product_id, delta, reason, order_id, actor_id, actor, note, stock_after, at`);
  const written = rawRows<RawMovement>(result);
  if (written.length !== rows.length) {
    throw new Error('stock ledger: a product’s stock moved under its lock; nothing was written');
  }
  return { stock, movements: written.map(fromRaw) };
}

type RawMovement = {
  id: string | number;
  product_id: string;
  delta: number;
  reason: MovementRow['reason'];
  order_id: string | null;
  actor_id: string | null;
  actor: string;
  note: string | null;
  stock_after: number;
  at: string | Date;
};

/** A row as raw SQL returns it (bigint as text, timestamps as text on some drivers). */
const fromRaw = (r: RawMovement): MovementRow => ({
  id: Number(r.id),
  productId: r.product_id,
  delta: Number(r.delta),
  reason: r.reason,
  orderId: r.order_id,
  // Written only when the order is deleted (repository.ts nameDeletedOrder), never by a move.
  orderNumber: null,
  actorId: r.actor_id,
  actor: r.actor,
  note: r.note,
  stockAfter: Number(r.stock_after),
  at: r.at instanceof Date ? r.at : new Date(r.at),
});

/**
 * The `opening` rows of products just written with no stock (an import's new parts): nothing
 * moves, so no lock or stock update is needed, and the batch goes as one JSON parameter.
 */
export async function openWithNoStock(
  tx: Executor,
  productIds: readonly string[],
  actor: StockActor,
) {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    insert into ${stockMovements} (product_id, delta, reason, actor_id, actor, stock_after)
    select p.id, 0, 'opening', ${actor.id}, ${actor.name}, 0
    from jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb) as ids(id)
    join ${products} p on p.id = ids.id::uuid and p.stock = 0`);
}
