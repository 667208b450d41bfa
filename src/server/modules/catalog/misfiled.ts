import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { AppError } from '../../errors.ts';

// A product's attributes are those its category and the categories above it carry. Moving a
// category, or taking an attribute off one, may leave products with values their category no
// longer offers: the shop's filters would never show them. Such a change is refused until the
// products are changed, as a product written with such a value is (filing-rules.ts).

type Misfiled = { n: number; name: string; sku: string; key: string };

/**
 * The products `which` selects (an SQL condition on `p`) that carry an attribute no category of
 * their chain carries, as the tree and links stand in this transaction: how many, and the first.
 */
async function firstMisfiled(tx: Executor, which: SQL): Promise<Misfiled | undefined> {
  const result = await tx.execute(sql`
    with recursive chain(product_id, category_id) as (
      select p.id, p.category_id from product p where ${which} and p.category_id is not null
      union all
      select chain.product_id, c.parent_id from chain join category c on c.id = chain.category_id
      where c.parent_id is not null
    )
    select count(*) over ()::int as n, p.name, p.sku, k.key
    from product p cross join lateral jsonb_object_keys(p.attributes) as k(key)
    where ${which} and not exists (
      select 1 from attribute a
      join attribute_category ac on ac.attribute_id = a.id
      join chain on chain.category_id = ac.category_id and chain.product_id = p.id
      where a.key = k.key
    )
    order by p.name, p.id, k.key
    limit 1`);
  const [first] = rawRows<Misfiled>(result);
  return first ? { ...first, n: Number(first.n) } : undefined;
}

/** Refuses (409) the change `what` when it leaves a product with an attribute it cannot have. */
export async function refuseIfMisfiled(tx: Executor, which: SQL, what: string) {
  const found = await firstMisfiled(tx, which);
  if (!found) return;
  throw new AppError(
    'conflict',
    `${what} would leave ${found.name} (SKU ${found.sku}) with ${found.key}, which its category would no longer have` +
      `${found.n > 1 ? ` (${found.n} values of products in all)` : ''}: change those products first`,
  );
}

/** The products filed in the category or anywhere below it. */
export const filedUnder = (categoryId: string) => sql`p.category_id in (
  with recursive below(id) as (
    select ${categoryId}::uuid union all select c.id from category c join below on c.parent_id = below.id
  ) select id from below)`;

/** The products carrying a value of the attribute. */
export const carrying = (key: string) => sql`p.attributes ? ${key}`;
