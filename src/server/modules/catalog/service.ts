import type { z } from 'zod';
import {
  ladderProblems,
  type Product,
  type ProductPatch,
  type productInput,
  type ToolListQuery,
} from '../../../contract/catalog.ts';
import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { ladderInCents, ladderInDollars, ladderText } from '../../../contract/price-ladder.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import { unpaidOrderNumbersHolding } from '../orders/repository.ts';
import { partHeldByUnpaidOrders } from '../orders/refusals.ts';
import { accountActor, moveStock } from '../stock/ledger.ts';
import {
  countProducts,
  deleteProductAudited,
  findProduct,
  findProductBySku,
  insertProductAudited,
  listProducts,
  updateProductAudited,
  type ProductRow,
  type ProductWrite,
} from './repository.ts';
import { isSkuClash, makeSku } from './sku.ts';

export const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  sku: row.sku,
  name: row.name,
  img: row.imageUrl,
  desc: row.description,
  price: centsToDollars(row.priceCents),
  stock: row.stock,
  moq: row.moq,
  packSize: row.packSize,
  tiers: ladderInDollars(row.tiers),
});

export function browseTools(db: Db, cache: ReadCache, { q, page, limit }: ToolListQuery) {
  const search = q || undefined;
  return cache.read('product', `list ${page} ${limit} ${search ?? ''}`, async () => {
    const [rows, total] = await Promise.all([
      listProducts(db, { q: search, limit, offset: (page - 1) * limit }),
      // The same for every page of a search: counted once, not once per page.
      cache.read('product', `count ${search ?? ''}`, () => countProducts(db, search)),
    ]);
    return pageOf(rows.map(toProduct), total, page, limit);
  });
}

export async function getTool(db: Db, cache: ReadCache, id: string) {
  if (!isUuid(id)) throw notFound('Product');
  return cache.read('product', `one ${id}`, async () => {
    const row = await findProduct(db, id);
    if (!row) throw notFound('Product');
    return toProduct(row);
  });
}

const describeProduct = (row: ProductRow) =>
  `${row.name} (SKU ${row.sku}, ${formatDollars(centsToDollars(row.priceCents))}, stock ${row.stock})`;

const describeLadder = (row: ProductRow) =>
  `minimum ${row.moq} in packs of ${row.packSize}, ` + ladderText(ladderInDollars(row.tiers));

/**
 * The audit line of an edit: what was asked, the result, and what the stock, SKU and ladder
 * were.
 */
function describeEdit(patch: ProductPatch, before: ProductRow, after: ProductRow) {
  const asked = Object.keys(patch).filter((key) => key !== 'stockWas');
  const was = [
    before.stock !== after.stock ? `stock ${before.stock} → ${after.stock}` : '',
    before.sku !== after.sku ? `SKU was ${before.sku}` : '',
    describeLadder(before) !== describeLadder(after)
      ? `ladder ${describeLadder(before)} → ${describeLadder(after)}`
      : '',
  ].filter(Boolean);
  return [`Changed ${asked.join(', ')}: now ${describeProduct(after)}`, ...was].join('; ');
}

/** The 409 for a SKU another product holds, naming that product. */
async function skuTaken(db: Db, sku: string) {
  const holder = await findProductBySku(db, sku);
  return new AppError(
    'conflict',
    `SKU ${sku.toUpperCase()} is already used by ${holder ? holder.name : 'another product'}`,
  );
}

// 27^4 random parts per set of initials: a clash needs many products with the same initials,
// and a few tries make a failure all but impossible.
const MADE_UP_SKU_ATTEMPTS = 5;

export async function addTool(
  db: Db,
  cache: ReadCache,
  actor: AuditActor,
  input: z.output<typeof productInput>,
) {
  const tiers = ladderInCents(input.tiers ?? [{ minQuantity: input.moq, price: input.price }]);
  for (let attempt = 1; ; attempt++) {
    const sku = input.sku ?? makeSku(input.name);
    try {
      const row = await cache.write('product', () =>
        insertProductAudited(
          db,
          {
            sku,
            name: input.name,
            description: input.desc,
            // The schema has checked that the first tier's price is the price.
            priceCents: tiers[0]!.priceCents,
            moq: input.moq,
            packSize: input.packSize,
            tiers,
            imageUrl: input.img,
          },
          (tx, id) =>
            moveStock(tx, [
              { productId: id, delta: input.stock, reason: 'opening', actor: accountActor(actor) },
            ]).then(() => undefined),
          (tx, added) =>
            recordAudit(tx, actor, {
              action: 'product.create',
              targetType: 'product',
              targetId: added.id,
              summary: `Added ${describeProduct(added)}; ${describeLadder(added)}`,
            }),
        ),
      );
      return toProduct(row);
    } catch (err) {
      if (!isSkuClash(err)) throw err;
      if (input.sku === undefined && attempt < MADE_UP_SKU_ATTEMPTS) continue;
      throw await skuTaken(db, sku);
    }
  }
}

/**
 * A patch laid onto the product as it is. Without a new ladder, a new price or minimum moves
 * the first tier; with one, the price follows its first tier. The minimum, pack and ladder are
 * then checked as a whole: a patch of the pack size alone must still fit the minimum there is.
 */
function patchedProduct(current: ProductRow, patch: ProductPatch): ProductWrite {
  const moq = patch.moq ?? current.moq;
  const packSize = patch.packSize ?? current.packSize;
  const tiers =
    patch.tiers ??
    ladderInDollars(current.tiers).map((tier, i) =>
      i === 0
        ? { minQuantity: patch.moq ?? tier.minQuantity, price: patch.price ?? tier.price }
        : tier,
    );
  const price = patch.price ?? tiers[0]?.price ?? centsToDollars(current.priceCents);
  const [problem] = ladderProblems({ moq, packSize, price, tiers });
  // Worded as the schema's own field errors are, so the admin form shows it the same way.
  if (problem) throw new AppError('bad_request', `${problem.path.join('.')}: ${problem.message}`);
  const ladder = ladderInCents(tiers);
  return {
    ...(patch.sku !== undefined ? { sku: patch.sku } : {}),
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.desc !== undefined ? { description: patch.desc } : {}),
    ...(patch.img !== undefined ? { imageUrl: patch.img } : {}),
    moq,
    packSize,
    tiers: ladder,
    priceCents: ladder[0]?.priceCents ?? current.priceCents,
  };
}

/**
 * A new stock from the product form is a count of what the admin saw: when the stock moved
 * since (an order reserved some), saving it would wipe that reservation, so it is refused.
 * Otherwise the difference is a `counted` movement.
 */
async function countStock(
  tx: Db,
  actor: AuditActor,
  current: ProductRow,
  { stock, stockWas }: ProductPatch,
) {
  if (stock === undefined) return;
  if (stockWas !== current.stock) {
    throw new AppError(
      'stock_changed',
      `Stock changed from ${stockWas} to ${current.stock} since you opened this product`,
    );
  }
  // `current` was read under the product's lock (updateProductAudited): not taken again.
  await moveStock(
    tx,
    [
      {
        productId: current.id,
        delta: stock - current.stock,
        reason: 'counted',
        actor: accountActor(actor),
        note: `Set from ${current.stock} to ${stock} in the product form`,
      },
    ],
    { locked: new Map([[current.id, current]]) },
  );
}

export async function editTool(
  db: Db,
  cache: ReadCache,
  actor: AuditActor,
  id: string,
  patch: ProductPatch,
) {
  if (!isUuid(id)) throw notFound('Product');
  let row: ProductRow | undefined;
  try {
    row = await cache.write('product', () =>
      updateProductAudited(
        db,
        id,
        async (tx, current) => {
          const write = patchedProduct(current, patch);
          await countStock(tx, actor, current, patch);
          return write;
        },
        (tx, before, after) =>
          recordAudit(tx, actor, {
            action: 'product.update',
            targetType: 'product',
            targetId: after.id,
            summary: describeEdit(patch, before, after),
          }),
      ),
    );
  } catch (err) {
    if (patch.sku !== undefined && isSkuClash(err)) throw await skuTaken(db, patch.sku);
    throw err;
  }
  if (!row) throw notFound('Product');
  return toProduct(row);
}

export async function removeTool(db: Db, cache: ReadCache, actor: AuditActor, id: string) {
  if (!isUuid(id)) throw notFound('Product');
  // The database also unlinks the product's reviews (they stay, as reviews of the shop).
  const row = await cache.write('review', () =>
    cache.write('product', () =>
      deleteProductAudited(
        db,
        id,
        (tx, removed) =>
          recordAudit(tx, actor, {
            action: 'product.delete',
            targetType: 'product',
            targetId: removed.id,
            summary: `Deleted ${describeProduct(removed)}`,
          }),
        // Refused, not retired: an unpaid order must not be paid for a part that is gone.
        async (tx) => {
          const holding = await unpaidOrderNumbersHolding(tx, id);
          if (holding.length > 0) throw partHeldByUnpaidOrders(holding);
        },
      ),
    ),
  );
  if (!row) throw notFound('Product');
  return { deleted: true as const, _id: row.id, name: row.name };
}
