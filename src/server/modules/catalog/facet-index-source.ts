import { sql, type SQL } from 'drizzle-orm';
import type { ReadCache, WriteScope } from '../../cache/read-cache.ts';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import {
  facetIndexBuilder,
  PLACED_ORDERS,
  type FacetIndex,
  type PlacedOrder,
} from './facet-index.ts';
import { textIndexBuilder, type TextIndex } from './text-index.ts';

// Where the in-memory list (facet-index.ts, text-index.ts) comes from, and how it stays as
// fresh as the read cache: a write to the products drops it, as it drops the cached lists, and
// the next list loads it again; a write of stock alone (an order) has the next list re-read
// only the stock flags, one statement instead of a whole load.

/** The parts as the list counts and searches them. */
export type CatalogueIndex = { facets: FacetIndex; text: TextIndex };

/**
 * How long an index is trusted without a report of a write: the bound on staleness should a
 * report be lost. Longer than the read cache's 10 s, since a load reads every part.
 */
const MAX_AGE_MS = 60_000;

/**
 * Parts read per statement: a batch is turned into numbers before the next is read. Small
 * enough that a batch's text and rows die young (10,000 at a time grew the server by 20 MB more).
 */
const BATCH = 2_000;

const ORDER_BY: Record<PlacedOrder, SQL> = {
  name: sql`name, id`,
  price_asc: sql`price_cents, name, id`,
  price_desc: sql`price_cents desc, name, id`,
  newest: sql`created_at desc, id`,
};

type Packed = [
  id: string,
  group: string | null,
  categoryId: string | null,
  brandId: string | null,
  inStock: boolean,
  facetValues: string[],
  text: string,
  description: string,
  sku: string,
  gtin: string | null,
  mpn: string | null,
];

/**
 * A whole statement's rows as one JSON text: PGlite's cost is per row returned (10,000 parts
 * as rows take 0.3 s there, as one text a tenth of that).
 */
const packed = async <T>(db: Executor, query: SQL) => {
  const [row] = rawRows<{ packed: string | null }>(await db.execute(query));
  return row?.packed ? (JSON.parse(row.packed) as T) : undefined;
};

const stockFlags = sql`select string_agg(case when stock > 0 then '1' else '0' end, '' order by id)
  as packed from product`;

/**
 * Every part, a batch at a time in the order of its id, and each order as the database sorts
 * it (the SQL list's own sort), all from one snapshot: a write between two statements cannot
 * make them disagree.
 */
function loadIndex(db: Executor): Promise<CatalogueIndex> {
  return db.transaction(
    async (tx) => {
      const facets = facetIndexBuilder();
      const text = textIndexBuilder();
      let after = '';
      for (;;) {
        const rows = await packed<Packed[]>(
          tx,
          sql`select json_agg(json_build_array(id, family_id, category_id,
            brand_id, stock > 0, facet_values, search_text, lower(description), sku, gtin, mpn)
            order by id)::text as packed
          from (select * from product where ${after ? sql`id > ${after}` : sql`true`}
            order by id limit ${BATCH}) batch`,
        );
        for (const [id, group, categoryId, brandId, inStock, facetValues, ...texts] of rows ?? []) {
          facets.add({ id, group, categoryId, brandId, inStock, facetValues });
          const [searched, description, sku, gtin, mpn] = texts;
          text.add({ text: searched, description, sku, gtin, mpn });
        }
        if (!rows || rows.length < BATCH) break;
        after = rows.at(-1)![0];
      }
      // Each order as places in the order of ids (the order the parts were added in): numbers,
      // not 100,000 ids to read and look up per order. One statement per order: one that
      // keeps every row for four sorts grows PGlite's memory by twice as much.
      const orders = {} as Record<PlacedOrder, number[]>;
      for (const order of PLACED_ORDERS) {
        const places = await packed<number[]>(
          tx,
          sql`select json_agg(at order by ${ORDER_BY[order]})::text as packed
            from (select row_number() over (order by id) - 1 as at, id, name, price_cents,
              created_at from product) p`,
        );
        orders[order] = places ?? [];
      }
      const index = facets.finish(orders);
      const brands = rawRows<{ id: string; name: string }>(
        await tx.execute(sql`select id, lower(name) as name from brand`),
      );
      const brandName = new Map(brands.map((brand) => [brand.id, brand.name]));
      const categories = rawRows<{ name: string }>(
        await tx.execute(sql`select lower(name) as name from category`),
      );
      return {
        facets: index,
        text: text.finish(
          index.brandIds.map((id) => brandName.get(id) ?? ''),
          categories.map((category) => category.name),
        ),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The stock flags read again into `index`: the parts are the same ones (an insert or a delete
 * is not a stock-only write), listed in the same order of ids as when it was loaded.
 */
async function refreshStock(db: Executor, index: CatalogueIndex): Promise<CatalogueIndex> {
  const [row] = rawRows<{ packed: string | null }>(await db.execute(stockFlags));
  const flags = row?.packed ?? '';
  const { inStock, addedAt, size } = index.facets;
  if (flags.length !== size) return loadIndex(db);
  for (let i = 0; i < size; i++) inStock[i] = flags.charCodeAt(addedAt[i]!) === 49 ? 1 : 0;
  index.facets.counted.clear();
  return index;
}

type Held = { index: Promise<CatalogueIndex>; loaded: number; stockChanged: boolean };
const held = new WeakMap<ReadCache, { current?: Held }>();

function slotOf(cache: ReadCache) {
  const found = held.get(cache);
  if (found) return found;
  const slot: { current?: Held } = {};
  cache.onDrop((table, scope?: WriteScope) => {
    if (table !== 'product' || !slot.current) return;
    if (scope === 'stock') slot.current.stockChanged = true;
    else slot.current = undefined;
  });
  held.set(cache, slot);
  return slot;
}

/**
 * The index of the products as they are now: kept per read cache (one per app), dropped with
 * the read cache's products, and loaded again on the next list; after a stock-only write its
 * stock flags are read again. A write reported while a load runs leaves that load unkept, as
 * the read cache does. None while the read cache is off: nothing would report other
 * processes' writes then.
 */
export function currentIndex(db: Executor, cache: ReadCache): Promise<CatalogueIndex> | undefined {
  if (!cache.enabled) return undefined;
  const slot = slotOf(cache);
  const now = Date.now();
  const current = slot.current;
  if (current && now - current.loaded < MAX_AGE_MS) {
    if (!current.stockChanged) return current.index;
    current.stockChanged = false;
    current.index = keep(
      slot,
      current,
      current.index.then((index) => refreshStock(db, index)),
    );
    return current.index;
  }
  const loading: Held = { index: loadIndex(db), loaded: now, stockChanged: false };
  slot.current = loading;
  loading.index = keep(slot, loading, loading.index);
  return loading.index;
}

/** A failed load or refresh is not kept: the next list loads again. */
function keep(slot: { current?: Held }, holder: Held, index: Promise<CatalogueIndex>) {
  index.catch(() => {
    if (slot.current === holder) slot.current = undefined;
  });
  return index;
}
