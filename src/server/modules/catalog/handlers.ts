import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { addTool, browseTools, editTool, getTool, removeTool } from './service.ts';

type CatalogEndpoints = 'listTools' | 'getTool' | 'addTool' | 'editTool' | 'deleteTool';

export const catalogHandlers = ({
  db,
  cache,
}: {
  db: Db;
  cache: ReadCache;
}): Handlers<CatalogEndpoints> => ({
  listTools: ({ query }) => browseTools(db, cache, query),
  getTool: ({ params }) => getTool(db, cache, params.id),
  addTool: ({ user, body }) => addTool(db, cache, user, body),
  editTool: ({ user, params, body }) => editTool(db, cache, user, params.id, body),
  deleteTool: ({ user, params }) => removeTool(db, cache, user, params.id),
});
