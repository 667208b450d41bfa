import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { plainText } from '../../lib/csv-stream.ts';
import {
  browseLists,
  createList,
  editList,
  readList,
  removeLine,
  removeList,
  saveLines,
  setLine,
} from '../../modules/saved-lists/service.ts';
import { linesById, linesFromText } from './lines.ts';
import { listToCart } from './to-cart.ts';
import { listViewerOf } from './viewer.ts';

export type SavedListEndpoints =
  | 'listSavedLists'
  | 'createSavedList'
  | 'getSavedList'
  | 'editSavedList'
  | 'deleteSavedList'
  | 'setSavedListLine'
  | 'removeSavedListLine'
  | 'addSavedListLines'
  | 'importSavedList'
  | 'exportSavedList'
  | 'savedListToCart';

/** A file name from the list's name: letters, digits and dashes. */
const fileNameOf = (name: string) =>
  `${
    name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'list'
  }.csv`;

/** Saved order lists: kept by an account or its company, sent to the cart in one step. */
export const savedListHandlers = ({ db }: { db: Db }): Handlers<SavedListEndpoints> => {
  const viewer = listViewerOf.bind(null, db);
  return {
    listSavedLists: async ({ user }) => browseLists(db, await viewer(user)),
    createSavedList: async ({ user, body }) => createList(db, await viewer(user), body),
    getSavedList: async ({ user, params }) => readList(db, await viewer(user), params.id),
    editSavedList: async ({ user, params, body }) =>
      editList(db, await viewer(user), params.id, body),
    deleteSavedList: async ({ user, params }) => removeList(db, await viewer(user), params.id),
    setSavedListLine: async ({ user, params, body }) =>
      setLine(db, await viewer(user), params.id, params.productId, body.quantity),
    removeSavedListLine: async ({ user, params }) =>
      removeLine(db, await viewer(user), params.id, params.productId),
    addSavedListLines: async ({ user, params, body }) =>
      saveLines(db, await viewer(user), params.id, await linesById(db, body)),
    importSavedList: async ({ user, params, body }) =>
      saveLines(db, await viewer(user), params.id, await linesFromText(db, body)),
    exportSavedList: async ({ user, params, reply }) => {
      const list = await readList(db, await viewer(user), params.id);
      const rows = list.lines.map((l) => [l.sku, String(l.quantity), plainText(l.name)]);
      const csv = stringify([['sku', 'quantity', 'name'], ...rows], {
        record_delimiter: 'windows',
      });
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileNameOf(list.name)}"`);
      return new TextEncoder().encode(csv);
    },
    savedListToCart: ({ user, params }) => listToCart(db, user, params.id),
  };
};
