import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { browseTools, getTool } from './service.ts';

export const catalogHandlers = ({
  db,
  cache,
}: {
  db: Db;
  cache: ReadCache;
}): Handlers<'listTools' | 'getTool'> => ({
  listTools: ({ query }) => browseTools(db, cache, query),
  getTool: ({ params }) => getTool(db, cache, params.id),
});
