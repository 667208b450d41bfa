import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_CATEGORY_DEPTH,
  slugOf,
  type Category,
  type categoryInput,
  type categoryPatch,
} from '../../../contract/taxonomy.ts';
import { auditedRows } from '../../audit/audited-rows.ts';
import type { AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { filedUnder, refuseIfMisfiled } from './misfiled.ts';
import { violatedConstraint } from './violations.ts';

// The category tree: at most MAX_CATEGORY_DEPTH levels, each category with a slug, a name and a
// position among its siblings. A CHECK cannot see a row's parents, so the depth and the absence
// of cycles are kept here, by writes that each read the whole tree under one lock.

type CategoryRow = typeof categories.$inferSelect;
type Tree = Map<string, CategoryRow>;

// Any constant: the key of the lock every write to the tree takes. (The two-number advisory
// locks never collide with the one-number lock the migrations take.)
const CATEGORY_TREE_LOCK = 724_331;

/**
 * Lines up the writes to the tree until the transaction ends, so that the tree one reads is
 * the tree it changes: two moves at once could otherwise each pass the checks and together
 * make a cycle or a fifth level.
 */
async function lockTree(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATEGORY_TREE_LOCK}, 0)`);
}

async function treeOf(db: Executor): Promise<Tree> {
  const rows = await db.select().from(categories);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The category and its parents up to the top, nearest first. */
function lineOf(tree: Tree, id: string) {
  const line: CategoryRow[] = [];
  for (let at = tree.get(id); at && line.length <= tree.size; at = tree.get(at.parentId ?? '')) {
    line.push(at);
  }
  return line;
}

/** "Drivetrain › Chains": the names from the top down to this category. */
const pathOf = (tree: Tree, id: string) =>
  lineOf(tree, id)
    .reverse()
    .map((c) => c.name)
    .join(' › ');

const childrenOf = (tree: Tree, parentId: string | null) =>
  [...tree.values()].filter((c) => c.parentId === parentId);

/** The levels a category's subtree spans: 1 for a category with no children. */
function heightOf(tree: Tree, id: string): number {
  return 1 + Math.max(0, ...childrenOf(tree, id).map((child) => heightOf(tree, child.id)));
}

/** Where a category goes among its new siblings when no position is said: last. */
const lastPosition = (tree: Tree, parentId: string | null) =>
  Math.max(-1, ...childrenOf(tree, parentId).map((c) => c.position)) + 1;

const bySiblingOrder = (a: CategoryRow, b: CategoryRow) =>
  a.position - b.position || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The tree in the order it is drawn: each category followed by its subcategories, siblings by
 * position and then name; each counts its own products and those of every category below it.
 */
function drawn(tree: Tree, ownCounts: Map<string, number>): Category[] {
  const out: Category[] = [];
  const visit = (row: CategoryRow) => {
    const entry: Category = {
      _id: row.id,
      slug: row.slug,
      name: row.name,
      parentId: row.parentId,
      position: row.position,
      productCount: ownCounts.get(row.id) ?? 0,
    };
    out.push(entry);
    for (const child of childrenOf(tree, row.id).sort(bySiblingOrder)) {
      entry.productCount += visit(child);
    }
    return entry.productCount;
  };
  for (const top of childrenOf(tree, null).sort(bySiblingOrder)) visit(top);
  return out;
}

export async function listCategories(db: Executor): Promise<{ data: Category[] }> {
  const [tree, counts] = await Promise.all([
    treeOf(db),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(isNotNull(products.categoryId))
      .groupBy(products.categoryId),
  ]);
  return { data: drawn(tree, new Map(counts.map((c) => [c.categoryId!, c.n]))) };
}

const unknownParent = (parentId: string) =>
  new AppError('bad_request', `parentId: there is no category ${parentId}`);

const tooDeep = (levels: number, where: string) =>
  new AppError(
    'bad_request',
    `parentId: categories go at most ${MAX_CATEGORY_DEPTH} levels deep, and ${where} would make ${levels}`,
  );

/** A written category and, for its audit line, where it now is in the tree. */
type Written = CategoryRow & { path: string };

type CategoryInput = z.output<typeof categoryInput>;
type CategoryPatch = z.output<typeof categoryPatch>;

function slugFor(input: CategoryInput) {
  const slug = input.slug ?? slugOf(input.name);
  if (!slug) throw new AppError('bad_request', 'slug: the name makes no slug, please enter one');
  return slug;
}

async function insertCategory(tx: Executor, input: CategoryInput): Promise<Written> {
  await lockTree(tx);
  const tree = await treeOf(tx);
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    if (!tree.has(parentId)) throw unknownParent(parentId);
    const level = lineOf(tree, parentId).length + 1;
    if (level > MAX_CATEGORY_DEPTH) {
      throw tooDeep(level, `a category under ${pathOf(tree, parentId)}`);
    }
  }
  const [row] = await tx
    .insert(categories)
    .values({
      name: input.name,
      slug: slugFor(input),
      parentId,
      position: input.position ?? lastPosition(tree, parentId),
    })
    .returning();
  tree.set(row!.id, row!);
  return { ...row!, path: pathOf(tree, row!.id) };
}

/**
 * A change of name, slug or position, or a move under another parent (null: to the top). A
 * move is refused under the category itself or anything below it, and where the category's
 * own subtree would then reach past the deepest level; without a position it goes last there.
 */
async function updateCategory(
  tx: Executor,
  id: string,
  patch: CategoryPatch,
): Promise<Written | undefined> {
  await lockTree(tx);
  const tree = await treeOf(tx);
  const current = tree.get(id);
  if (!current) return undefined;
  let { parentId, position } = current;
  if (patch.parentId !== undefined && patch.parentId !== current.parentId) {
    parentId = patch.parentId;
    if (parentId !== null) {
      if (!tree.has(parentId)) throw unknownParent(parentId);
      const line = lineOf(tree, parentId);
      if (line.some((c) => c.id === id)) {
        throw new AppError(
          'bad_request',
          parentId === id
            ? `parentId: ${current.name} cannot be its own parent`
            : `parentId: ${pathOf(tree, parentId)} is below ${current.name}, which cannot move under its own subcategory`,
        );
      }
      const deepest = line.length + heightOf(tree, id);
      if (deepest > MAX_CATEGORY_DEPTH) {
        throw tooDeep(
          deepest,
          `${current.name} and what is below it, under ${pathOf(tree, parentId)},`,
        );
      }
    }
    position = lastPosition(tree, parentId);
  }
  const [row] = await tx
    .update(categories)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
      parentId,
      position: patch.position ?? position,
      updatedAt: new Date(),
    })
    .where(eq(categories.id, id))
    .returning();
  tree.set(id, row!);
  if (parentId !== current.parentId) {
    await refuseIfMisfiled(tx, filedUnder(id), `parentId: moving ${current.name}`);
  }
  return { ...row!, path: pathOf(tree, id) };
}

/**
 * Deletes a category with no products and no subcategories. The tree's lock keeps children
 * from arriving meanwhile; the row's own lock waits for products being written into it (each
 * holds a key-share lock on it), so they are counted, and later ones find it gone.
 */
async function deleteCategory(tx: Executor, id: string): Promise<Written | undefined> {
  await lockTree(tx);
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!row) return undefined;
  const [own] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  const [below] = await tx
    .select({ n: count() })
    .from(categories)
    .where(eq(categories.parentId, id));
  const held = [
    own?.n ? `${own.n} product${own.n === 1 ? '' : 's'}` : '',
    below?.n ? `${below.n} subcategor${below.n === 1 ? 'y' : 'ies'}` : '',
  ].filter(Boolean);
  if (held.length > 0) {
    throw new AppError(
      'conflict',
      `${row.name} still has ${held.join(' and ')}: move or delete them first`,
    );
  }
  const path = pathOf(await treeOf(tx), id);
  await tx.delete(categories).where(eq(categories.id, id));
  return { ...row, path };
}

const rows = auditedRows({
  what: 'Category',
  targetType: 'category',
  insert: insertCategory,
  update: updateCategory,
  remove: deleteCategory,
  summaries: {
    create: (c) => `Added the category ${c.path} (${c.slug}, position ${c.position})`,
    update: (c) => `Changed the category: now ${c.path} (${c.slug}, position ${c.position})`,
    delete: (c) => `Deleted the category ${c.path} (${c.slug})`,
  },
});

/** A slug another category holds is a 409 naming that category. */
const clashing =
  (db: Db, slug: string | undefined) =>
  async (err: unknown): Promise<never> => {
    if (violatedConstraint(err, '23505') === 'category_slug_idx' && slug !== undefined) {
      const [holder] = await db.select().from(categories).where(eq(categories.slug, slug));
      throw new AppError(
        'conflict',
        `The slug ${slug} is already used by the category ${holder?.name ?? 'another category'}`,
      );
    }
    throw err;
  };

/** The category as the list shows it, with its count, once written. */
async function written(db: Db, row: Written): Promise<Category> {
  const found = (await listCategories(db)).data.find((c) => c._id === row.id);
  return (
    found ?? {
      _id: row.id,
      slug: row.slug,
      name: row.name,
      parentId: row.parentId,
      position: row.position,
      productCount: 0,
    }
  );
}

export async function addCategory(db: Db, actor: AuditActor, input: CategoryInput) {
  const slug = input.slug ?? slugOf(input.name);
  return written(db, await rows.add(db, actor, input).catch(clashing(db, slug)));
}

export async function changeCategory(db: Db, actor: AuditActor, id: string, patch: CategoryPatch) {
  return written(db, await rows.change(db, actor, id, patch).catch(clashing(db, patch.slug)));
}

export async function removeCategory(db: Db, actor: AuditActor, id: string) {
  const removed = await rows.remove(db, actor, id);
  return { deleted: true as const, _id: removed.id };
}
