import type { Product, ToolListQuery } from '../../../contract/catalog.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import { findProduct, listProducts, type ProductRow } from './repository.ts';

export const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  name: row.name,
  img: row.imageUrl,
  desc: row.description,
  price: centsToDollars(row.priceCents),
  stock: row.stock,
});

export async function browseTools(db: Db, { q, page, limit }: ToolListQuery) {
  const { rows, total } = await listProducts(db, {
    q: q || undefined,
    limit,
    offset: (page - 1) * limit,
  });
  return pageOf(rows.map(toProduct), total, page, limit);
}

export async function getTool(db: Db, id: string) {
  const row = isUuid(id) ? await findProduct(db, id) : undefined;
  if (!row) throw notFound('Product');
  return toProduct(row);
}
