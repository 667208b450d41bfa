import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { deleteAccount } from './delete-account.ts';

/** Accounts' calls that cross modules: Manage User's delete. */
export const accountHandlers = ({ db }: { db: Db }): Handlers<'deleteUser'> => ({
  deleteUser: ({ user, params }) => deleteAccount(db, user, params.id),
});
