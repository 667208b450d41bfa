import { issueAccessToken } from '../../auth/access-token.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { browseUsers, getUser, isAdmin, makeAdmin, upsertOwnRecord } from './service.ts';

// deleteUser is src/server/flows/accounts/: deleting an account crosses into companies.
type UserEndpoints = 'login' | 'upsertUser' | 'adminStatus' | 'makeAdmin' | 'listUsers' | 'getUser';

export const userHandlers = ({
  db,
  secret,
}: {
  db: Db;
  secret: string;
}): Handlers<UserEndpoints> => ({
  login: ({ user }) => {
    // Only for one's own email (its entry `owns` the account). A token is minted from a browser session only, never from another token.
    if (user.via !== 'cookie') throw new AppError('unauthorized', 'Please log in to continue.');
    const token = issueAccessToken(secret, user.sessionId, user.sessionExpiresAt);
    return { accessToken: token.accessToken, expiresAt: token.expiresAt.toISOString() };
  },
  upsertUser: ({ user, params, body }) => {
    if (body.email !== params.email) {
      throw new AppError('bad_request', 'The email in the body must match the one in the path.');
    }
    return upsertOwnRecord(db, user, body);
  },
  adminStatus: async ({ params }) => ({ admin: await isAdmin(db, params.email) }),
  makeAdmin: ({ user, params }) => makeAdmin(db, user, params.email),
  listUsers: ({ query }) => browseUsers(db, query),
  getUser: ({ params }) => getUser(db, params.id),
});
