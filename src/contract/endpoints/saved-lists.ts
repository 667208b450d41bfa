import { fileBytes, idParams } from '../common.ts';
import { endpoint, MINUTE } from '../endpoint.ts';
import {
  editListInput,
  listImportInput,
  listLineInput,
  listLineParams,
  listLinesInput,
  listLinesResult,
  listToCartResult,
  newListInput,
  savedList,
  savedListDeleted,
  savedListList,
} from '../saved-lists.ts';

/**
 * The saved order lists part of the endpoint table (src/contract/endpoints.ts composes every
 * part). A private list is its maker's alone; a shared list is its company's, and every member
 * sees and edits it. Anyone else, an admin too, hears 404: lists are buyers' notes, not orders.
 */
export const savedListsEndpoints = {
  listSavedLists: endpoint({
    method: 'GET',
    path: '/api/lists',
    access: 'user',
    tag: 'lists',
    summary: "The caller's own lists and their company's shared ones, last changed first",
    response: savedListList,
  }),
  createSavedList: endpoint({
    method: 'POST',
    path: '/api/lists',
    access: 'user',
    tag: 'lists',
    summary:
      "Start a list (`shared`: the caller's company's, seen by every member; 409 without a company, or with too many lists)",
    body: newListInput,
    status: 201,
    response: savedList,
    refusals: [409],
  }),
  getSavedList: endpoint({
    method: 'GET',
    path: '/api/lists/:id',
    access: 'user',
    tag: 'lists',
    summary: 'One list with its parts as they are sold today, and what would stop each line',
    params: idParams,
    response: savedList,
  }),
  editSavedList: endpoint({
    method: 'PATCH',
    path: '/api/lists/:id',
    access: 'user',
    tag: 'lists',
    summary:
      "Rename a list, or share it with the caller's company (`shared: true`) or take it back as the caller's own (`shared: false`)",
    params: idParams,
    body: editListInput,
    response: savedList,
    refusals: [409],
  }),
  deleteSavedList: endpoint({
    method: 'DELETE',
    path: '/api/lists/:id',
    access: 'user',
    tag: 'lists',
    summary: 'Delete a list and its lines',
    params: idParams,
    response: savedListDeleted,
  }),
  setSavedListLine: endpoint({
    method: 'PUT',
    path: '/api/lists/:id/lines/:productId',
    access: 'user',
    tag: 'lists',
    summary:
      "Set how many of one part the list holds (any whole number: the cart's minimum and packs apply when it goes to the cart); 409 when the list is full",
    params: listLineParams,
    body: listLineInput,
    response: savedList,
    refusals: [409],
  }),
  removeSavedListLine: endpoint({
    method: 'DELETE',
    path: '/api/lists/:id/lines/:productId',
    access: 'user',
    tag: 'lists',
    summary: 'Take one part off the list',
    params: listLineParams,
    response: savedList,
  }),
  addSavedListLines: endpoint({
    method: 'POST',
    path: '/api/lists/:id/lines',
    access: 'user',
    tag: 'lists',
    summary:
      "Set several parts' quantities at once (save a cart or an order to a list); a result per line",
    params: idParams,
    body: listLinesInput,
    response: listLinesResult,
  }),
  importSavedList: endpoint({
    method: 'POST',
    path: '/api/lists/:id/import',
    access: 'user',
    tag: 'lists',
    summary:
      'Set parts\' quantities from lines in the quick-order format ("SKU quantity": spaces, tabs, commas or semicolons; the CSV export reads back); a result per line',
    params: idParams,
    body: listImportInput,
    response: listLinesResult,
    rateLimit: { max: 60, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
  exportSavedList: endpoint({
    method: 'GET',
    path: '/api/lists/:id/csv',
    access: 'user',
    tag: 'lists',
    summary: 'The list as CSV (sku, quantity, name), in the quick-order format import reads',
    params: idParams,
    response: fileBytes,
    produces: 'text/csv',
  }),
  savedListToCart: endpoint({
    method: 'POST',
    path: '/api/lists/:id/to-cart',
    access: 'user',
    tag: 'lists',
    summary:
      "Put every line on top of the cart by the cart's rules, as a quick order does: each line goes in, is raised to the minimum or whole packs (and says so), or fails on its own (no longer sold, out of stock, short); a result per line",
    params: idParams,
    response: listToCartResult,
    rateLimit: { max: 60, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
} as const;
