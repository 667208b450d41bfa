import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { addReview, deleteReview, newestReviews } from './service.ts';

type Deps = { db: Db; cache: ReadCache };

export const reviewHandlers = ({
  db,
  cache,
}: Deps): Handlers<'listReviews' | 'addReview' | 'deleteReview'> => ({
  listReviews: ({ query }) => newestReviews(db, cache, query.limit),
  addReview: ({ user, body }) => addReview(db, cache, user, body),
  deleteReview: ({ user, params }) => deleteReview(db, cache, user, params.id),
});
