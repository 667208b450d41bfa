import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  slugOf,
  type Brand,
  type brandInput,
  type brandPatch,
} from '../../../contract/taxonomy.ts';
import { auditedRows } from '../../audit/audited-rows.ts';
import type { AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { brands, products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { violatedConstraint } from './violations.ts';

// Brands: who makes a part. Anyone lists them with their product counts; admins keep them.

type BrandRow = typeof brands.$inferSelect;
type BrandValues = Pick<BrandRow, 'slug' | 'name'>;

/** Brands (every one, or the one with this id) in name order, each with its product count. */
async function brandsWithCounts(db: Executor, id?: string): Promise<Brand[]> {
  const counts = db
    .select({ brandId: products.brandId, n: count().as('n') })
    .from(products)
    .where(id === undefined ? undefined : eq(products.brandId, id))
    .groupBy(products.brandId)
    .as('counts');
  const rows = await db
    .select({
      id: brands.id,
      slug: brands.slug,
      name: brands.name,
      n: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
    })
    .from(brands)
    .leftJoin(counts, eq(counts.brandId, brands.id))
    .where(id === undefined ? undefined : eq(brands.id, id))
    .orderBy(sql`lower(${brands.name})`, asc(brands.id));
  return rows.map((r) => ({ _id: r.id, slug: r.slug, name: r.name, productCount: r.n }));
}

export async function listBrands(db: Executor) {
  return { data: await brandsWithCounts(db) };
}

/** The brand as the list shows it, once written (its count read after the write). */
async function written(db: Db, row: BrandRow) {
  const [brand] = await brandsWithCounts(db, row.id);
  return brand ?? { _id: row.id, slug: row.slug, name: row.name, productCount: 0 };
}

/** A slug made from the name when none is given; a name with no letters or digits makes none. */
function slugFor(input: { name: string; slug?: string | undefined }) {
  const slug = input.slug ?? slugOf(input.name);
  if (!slug) throw new AppError('bad_request', 'slug: the name makes no slug, please enter one');
  return slug;
}

async function insertBrand(tx: Executor, values: BrandValues) {
  const [row] = await tx.insert(brands).values(values).returning();
  return row!;
}

async function updateBrand(tx: Executor, id: string, patch: Partial<BrandValues>) {
  const [row] = await tx
    .update(brands)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(brands.id, id))
    .returning();
  return row;
}

/**
 * Deletes a brand no product carries. The brand's row is locked first: a product being written
 * with it holds a key-share lock on that row, so it is counted once it commits, and one written
 * afterwards finds the brand gone.
 */
async function deleteBrand(tx: Executor, id: string) {
  const [brand] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
  if (!brand) return undefined;
  const [carried] = await tx.select({ n: count() }).from(products).where(eq(products.brandId, id));
  const n = carried?.n ?? 0;
  if (n > 0) {
    throw new AppError(
      'conflict',
      `${brand.name} still has ${n} product${n === 1 ? '' : 's'}: give them another brand or delete them first`,
    );
  }
  await tx.delete(brands).where(eq(brands.id, id));
  return brand;
}

const rows = auditedRows({
  what: 'Brand',
  targetType: 'brand',
  insert: insertBrand,
  update: updateBrand,
  remove: deleteBrand,
  summaries: {
    create: (b) => `Added the brand ${b.name} (${b.slug})`,
    update: (b) => `Changed the brand: now ${b.name} (${b.slug})`,
    delete: (b) => `Deleted the brand ${b.name} (${b.slug})`,
  },
});

/** A name or slug another brand holds (both are unique) is a 409 naming that brand. */
const clashing =
  (db: Db, values: Partial<BrandValues>) =>
  async (err: unknown): Promise<never> => {
    const constraint = violatedConstraint(err, '23505');
    if (constraint === 'brand_slug_idx' && values.slug !== undefined) {
      const [holder] = await db.select().from(brands).where(eq(brands.slug, values.slug));
      throw new AppError(
        'conflict',
        `The slug ${values.slug} is already used by the brand ${holder?.name ?? 'another brand'}`,
      );
    }
    if (constraint === 'brand_name_idx' && values.name !== undefined) {
      const [holder] = await db
        .select()
        .from(brands)
        .where(sql`lower(${brands.name}) = lower(${values.name})`);
      throw new AppError(
        'conflict',
        `There is already a brand named ${holder?.name ?? values.name}${holder ? ` (${holder.slug})` : ''}`,
      );
    }
    throw err;
  };

export async function addBrand(db: Db, actor: AuditActor, input: z.output<typeof brandInput>) {
  const values = { name: input.name, slug: slugFor(input) };
  return written(db, await rows.add(db, actor, values).catch(clashing(db, values)));
}

export async function changeBrand(
  db: Db,
  actor: AuditActor,
  id: string,
  patch: z.output<typeof brandPatch>,
) {
  return written(db, await rows.change(db, actor, id, patch).catch(clashing(db, patch)));
}

export async function removeBrand(db: Db, actor: AuditActor, id: string) {
  const removed = await rows.remove(db, actor, id);
  return { deleted: true as const, _id: removed.id };
}
