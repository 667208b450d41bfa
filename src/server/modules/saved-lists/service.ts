import { quantityProblem } from '../../../contract/price-ladder.ts';
import {
  MAX_LIST_LINES,
  MAX_LISTS,
  type EditListInput,
  type ListLineResult,
  type NewListInput,
  type SavedList,
  type SavedListLine,
  type SavedListSummary,
} from '../../../contract/saved-lists.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  countListsInScope,
  deleteLine,
  deleteList,
  findList,
  insertList,
  linesOfList,
  listsInScope,
  lockListScope,
  partsByIds,
  productIdsOfList,
  updateList,
  upsertLines,
  type ListRow,
  type NewLine,
} from './repository.ts';

/** Who acts on lists: the account, its name, and its company (the area reads it). */
export type ListViewer = { userId: string; userName: string; companyId?: string | undefined };

const NO_COMPANY = 'Only a company’s members can share a list: start or join a company first';
const GONE = 'This part is no longer sold';

/** Whether the viewer may see (and so edit) the list: its maker's own, or their company's. */
const mayOpen = (row: ListRow, v: ListViewer) =>
  row.userId === v.userId || (row.companyId !== null && row.companyId === v.companyId);

/** The list if the viewer may open it; anyone else hears 404, not that it exists. */
async function openList(db: Executor, v: ListViewer, id: string, { lock = false } = {}) {
  const row = isUuid(id) ? await findList(db, id, { lock }) : undefined;
  if (!row || !mayOpen(row, v)) throw notFound('List');
  return row;
}

const head = (row: Pick<ListRow, 'id' | 'name' | 'companyId' | 'createdByName' | 'updatedAt'>) => ({
  _id: row.id,
  name: row.name,
  shared: row.companyId !== null,
  createdBy: row.createdByName,
  updatedAt: row.updatedAt.toISOString(),
});

/** Why a line would not go into the cart as it is: gone, out of stock, short or off-pack. */
function lineProblem(line: { quantity: number; moq: number; packSize: number; stock: number }) {
  if (line.stock === 0) return 'Out of stock';
  const rule = quantityProblem(line, line.quantity);
  if (rule) return rule;
  if (line.stock < line.quantity) return `Only ${line.stock} in stock`;
  return undefined;
}

async function present(db: Executor, row: ListRow): Promise<SavedList> {
  const lines = (await linesOfList(db, row.id)).map((line): SavedListLine => {
    const base = { productId: line.productId, quantity: line.quantity };
    if (!line.live || line.moq === null || line.packSize === null || line.stock === null) {
      const gone = { ...base, sku: line.sku, name: line.name, img: '', problem: GONE };
      return { ...gone, moq: null, packSize: null, stock: null };
    }
    const sold = {
      quantity: line.quantity,
      moq: line.moq,
      packSize: line.packSize,
      stock: line.stock,
    };
    const problem = lineProblem(sold);
    return {
      ...base,
      sku: line.live.sku,
      name: line.live.name,
      img: line.img ?? '',
      moq: line.moq,
      packSize: line.packSize,
      stock: line.stock,
      ...(problem ? { problem } : {}),
    };
  });
  return { ...head(row), lines };
}

const scopeOf = (v: ListViewer) => ({ userId: v.userId, companyId: v.companyId });

export async function browseLists(db: Db, v: ListViewer) {
  const rows = await listsInScope(db, scopeOf(v));
  const data = rows.map((row): SavedListSummary => ({
    ...head(row),
    lineCount: row.lineCount,
    pieces: row.pieces,
  }));
  return { data };
}

export async function readList(db: Db, v: ListViewer, id: string) {
  return present(db, await openList(db, v, id));
}

/** The lines of a list the viewer may open, as saved: what goes to the cart. */
export async function savedLinesOf(db: Db, v: ListViewer, id: string) {
  const row = await openList(db, v, id);
  return (await linesOfList(db, row.id)).map((line) => ({
    productId: line.productId,
    sku: line.live?.sku ?? line.sku,
    quantity: line.quantity,
  }));
}

export async function createList(db: Db, v: ListViewer, { name, shared }: NewListInput) {
  if (shared && !v.companyId) throw new AppError('conflict', NO_COMPANY);
  return db.transaction(async (tx) => {
    await lockListScope(tx, scopeOf(v));
    if ((await countListsInScope(tx, scopeOf(v))) >= MAX_LISTS) {
      throw new AppError('conflict', `You keep ${MAX_LISTS} lists at most: delete one first`);
    }
    const row = await insertList(tx, {
      name,
      userId: shared ? null : v.userId,
      companyId: shared ? (v.companyId ?? null) : null,
      createdByName: v.userName,
    });
    return present(tx, row);
  });
}

export async function editList(db: Db, v: ListViewer, id: string, edit: EditListInput) {
  return db.transaction(async (tx) => {
    const row = await openList(tx, v, id, { lock: true });
    const owner =
      edit.shared === undefined
        ? {}
        : edit.shared
          ? { userId: null, companyId: v.companyId ?? null }
          : { userId: v.userId, companyId: null };
    if (edit.shared && !v.companyId) throw new AppError('conflict', NO_COMPANY);
    const updated = await updateList(tx, row.id, {
      ...(edit.name === undefined ? {} : { name: edit.name }),
      ...owner,
    });
    if (!updated) throw notFound('List');
    return present(tx, updated);
  });
}

export async function removeList(db: Db, v: ListViewer, id: string) {
  const row = await openList(db, v, id);
  await deleteList(db, row.id);
  return { deleted: true, _id: row.id } as const;
}

const listFull = () =>
  new AppError('conflict', `A list holds at most ${MAX_LIST_LINES} parts: remove some first`);

/** Sets one part's quantity on the list (the part must exist; the list must have room). */
export async function setLine(
  db: Db,
  v: ListViewer,
  id: string,
  productId: string,
  quantity: number,
) {
  return db.transaction(async (tx) => {
    const row = await openList(tx, v, id, { lock: true });
    const [part] = isUuid(productId) ? await partsByIds(tx, [productId]) : [];
    if (!part) throw notFound('Product');
    const held = await productIdsOfList(tx, row.id);
    if (!held.includes(part.id) && held.length >= MAX_LIST_LINES) throw listFull();
    await upsertLines(tx, row.id, [
      { productId: part.id, sku: part.sku, name: part.name, quantity },
    ]);
    return present(tx, (await findList(tx, row.id)) ?? row);
  });
}

export async function removeLine(db: Db, v: ListViewer, id: string, productId: string) {
  return db.transaction(async (tx) => {
    const row = await openList(tx, v, id, { lock: true });
    if (isUuid(productId)) await deleteLine(tx, row.id, productId);
    return present(tx, (await findList(tx, row.id)) ?? row);
  });
}

/** A line to save, found (its part) or not (why), with its place in what was sent. */
export type LineToSave =
  | { line: number; sku: string; part: { id: string; sku: string; name: string }; quantity: number }
  | { line: number; sku: string; error: string };

/**
 * Saves several lines under the list's lock: each sets its part's quantity (a later line of the
 * same part wins), or fails on its own (unknown part, a full list). A result per line.
 */
export async function saveLines(db: Db, v: ListViewer, id: string, lines: LineToSave[]) {
  return db.transaction(async (tx) => {
    const row = await openList(tx, v, id, { lock: true });
    const held = new Set(await productIdsOfList(tx, row.id));
    const toSave = new Map<string, NewLine>();
    const results = lines.map((entry): ListLineResult => {
      const failed = (message: string) =>
        ({ line: entry.line, sku: entry.sku, status: 'error', quantity: null, message }) as const;
      if ('error' in entry) return failed(entry.error);
      const { part, quantity } = entry;
      if (!held.has(part.id) && held.size >= MAX_LIST_LINES) {
        return failed(`A list holds at most ${MAX_LIST_LINES} parts`);
      }
      held.add(part.id);
      toSave.set(part.id, { productId: part.id, sku: part.sku, name: part.name, quantity });
      return { line: entry.line, sku: part.sku, status: 'saved', quantity, message: 'Saved' };
    });
    await upsertLines(tx, row.id, [...toSave.values()]);
    return { results, list: await present(tx, (await findList(tx, row.id)) ?? row) };
  });
}
