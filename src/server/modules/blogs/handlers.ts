import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { allBlogs, getBlog } from './service.ts';

export const blogHandlers = ({ db }: { db: Db }): Handlers<'listBlogs' | 'getBlog'> => ({
  listBlogs: () => allBlogs(db),
  getBlog: ({ params }) => getBlog(db, params.id),
});
