import type { z } from 'zod';
import type {
  Product,
  ProductPatch,
  productInput,
  ToolListQuery,
} from '../../../contract/catalog.ts';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import {
  countProducts,
  deleteProductAudited,
  findProduct,
  insertProductAudited,
  listProducts,
  updateProductAudited,
  type ProductRow,
} from './repository.ts';

export const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  name: row.name,
  img: row.imageUrl,
  desc: row.description,
  price: centsToDollars(row.priceCents),
  stock: row.stock,
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
  `${row.name} (${formatDollars(centsToDollars(row.priceCents))}, stock ${row.stock})`;

export async function addTool(
  db: Db,
  cache: ReadCache,
  actor: AuditActor,
  input: z.output<typeof productInput>,
) {
  const row = await cache.write('product', () =>
    insertProductAudited(
      db,
      {
        name: input.name,
        description: input.desc,
        priceCents: dollarsToCents(input.price),
        stock: input.stock,
        imageUrl: input.img,
      },
      (tx, added) =>
        recordAudit(tx, actor, {
          action: 'product.create',
          targetType: 'product',
          targetId: added.id,
          summary: `Added ${describeProduct(added)}`,
        }),
    ),
  );
  return toProduct(row);
}

export async function editTool(
  db: Db,
  cache: ReadCache,
  actor: AuditActor,
  id: string,
  patch: ProductPatch,
) {
  if (!isUuid(id)) throw notFound('Product');
  const changes = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.desc !== undefined ? { description: patch.desc } : {}),
    ...(patch.price !== undefined ? { priceCents: dollarsToCents(patch.price) } : {}),
    ...(patch.stock !== undefined ? { stock: patch.stock } : {}),
    ...(patch.img !== undefined ? { imageUrl: patch.img } : {}),
  };
  const row = await cache.write('product', () =>
    updateProductAudited(db, id, changes, (tx, edited) =>
      recordAudit(tx, actor, {
        action: 'product.update',
        targetType: 'product',
        targetId: edited.id,
        summary: `Changed ${Object.keys(patch).join(', ')}: now ${describeProduct(edited)}`,
      }),
    ),
  );
  if (!row) throw notFound('Product');
  return toProduct(row);
}

export async function removeTool(db: Db, cache: ReadCache, actor: AuditActor, id: string) {
  if (!isUuid(id)) throw notFound('Product');
  const row = await cache.write('product', () =>
    deleteProductAudited(db, id, (tx, removed) =>
      recordAudit(tx, actor, {
        action: 'product.delete',
        targetType: 'product',
        targetId: removed.id,
        summary: `Deleted ${describeProduct(removed)}`,
      }),
    ),
  );
  if (!row) throw notFound('Product');
  return { deleted: true as const, _id: row.id, name: row.name };
}
