import { sql, type SQL } from 'drizzle-orm';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { withSimilarity, type Filters } from './browse.ts';
import {
  facetIndexBuilder,
  PLACED_ORDERS,
  type FacetIndex,
  type IndexRow,
  type PlacedOrder,
} from './facet-index.ts';
import { matching, rank, type TextQuery } from './search.ts';

// Where the in-memory list (facet-index.ts) comes from, and how it stays as fresh as the read
// cache: any write to the products drops it, as it drops the cached lists, and the next list
// loads it again.

/**
 * How long an index is trusted without a report of a write: the bound on staleness should a
 * report be lost. Longer than the read cache's 10 s, since a load reads every part.
 */
const MAX_AGE_MS = 60_000;

/** Parts read per statement: a batch's rows are turned into numbers before the next is read. */
const BATCH = 10_000;

const ORDER_BY: Record<PlacedOrder, SQL> = {
  name: sql`name, id`,
  price_asc: sql`price_cents, name, id`,
  price_desc: sql`price_cents desc, name, id`,
  newest: sql`created_at desc, id`,
};

/**
 * Every part, a batch at a time, and each order as the database sorts it (the SQL list's own
 * sort), all from one snapshot: a write between two batches cannot make them disagree.
 */
function loadIndex(db: Executor): Promise<FacetIndex> {
  return db.transaction(
    async (tx) => {
      const builder = facetIndexBuilder();
      let after = '';
      for (;;) {
        const rows = rawRows<IndexRow>(
          await tx.execute(sql`
            select id, coalesce(family_id, id)::text as "group", category_id as "categoryId",
              brand_id as "brandId", stock > 0 as "inStock", facet_values as "facetValues"
            from product where ${after ? sql`id > ${after}` : sql`true`}
            order by id limit ${BATCH}`),
        );
        for (const row of rows) builder.add(row);
        if (rows.length < BATCH) break;
        after = rows.at(-1)!.id;
      }
      const orders = {} as Record<PlacedOrder, string[]>;
      for (const order of PLACED_ORDERS) {
        const result = await tx.execute(sql`select id from product order by ${ORDER_BY[order]}`);
        orders[order] = rawRows<{ id: string }>(result).map((row) => row.id);
      }
      return builder.finish(orders);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type Held = { index: Promise<FacetIndex>; loaded: number };
const held = new WeakMap<ReadCache, { current?: Held }>();

/**
 * The index of the products as they are now: kept per read cache (one per app), dropped with
 * the read cache's products, and loaded again on the next list. A write reported while a load
 * runs leaves that load unkept, as the read cache does. None while the read cache is off: then
 * nothing would report other processes' writes.
 */
export function currentIndex(db: Executor, cache: ReadCache): Promise<FacetIndex> | undefined {
  if (!cache.enabled) return undefined;
  let slot = held.get(cache);
  if (!slot) {
    const fresh: { current?: Held } = {};
    cache.onDrop((table) => {
      if (table === 'product') fresh.current = undefined;
    });
    held.set(cache, fresh);
    slot = fresh;
  }
  const now = Date.now();
  if (slot.current && now - slot.current.loaded < MAX_AGE_MS) return slot.current.index;
  const loading: Held = { index: loadIndex(db), loaded: now };
  slot.current = loading;
  // A failed load is not kept: the next list tries again.
  loading.index.catch(() => {
    if (slot.current === loading) slot.current = undefined;
  });
  return loading.index;
}

/** The parts a text search finds, each with its rank (search.ts). */
export async function textFinds(db: Executor, filters: Filters & { text: TextQuery }) {
  const result = await withSimilarity(db, filters, (tx) =>
    tx.execute(sql`select p.id, ${rank(filters.text)} as rank
      from product p left join brand b on b.id = p.brand_id
      where ${matching(filters.text)}`),
  );
  return new Map(
    rawRows<{ id: string; rank: number }>(result).map((row) => [row.id, Number(row.rank)]),
  );
}
