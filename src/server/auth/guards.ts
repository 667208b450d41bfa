import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { readAccessToken } from './access-token.ts';
import type { Auth } from './auth.ts';
import type { CurrentUser } from './current-user.ts';

export type Guards = ReturnType<typeof createGuards>;

/** Who is calling, resolved once per request; the endpoint table's access rules use these. */
export function createGuards(auth: Auth, db: Db, secret: string) {
  const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

  async function resolve(request: FastifyRequest): Promise<CurrentUser | null> {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (found) {
      const { user, session } = found;
      if (user.banned) return null;
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        image: user.image ?? null,
        role: user.role ?? 'user',
        emailVerified: user.emailVerified,
        sessionId: session.id,
        sessionExpiresAt: new Date(session.expiresAt),
        via: 'cookie',
      };
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const sessionId = bearer ? readAccessToken(secret, bearer) : null;
    return sessionId ? userOfLiveSession(db, sessionId) : null;
  }

  const currentUser = (request: FastifyRequest) => {
    let pending = cache.get(request);
    if (!pending) {
      pending = resolve(request);
      cache.set(request, pending);
    }
    return pending;
  };

  async function requireUser(request: FastifyRequest) {
    const user = await currentUser(request);
    if (!user) throw new AppError('unauthorized', 'Please log in to continue.');
    return user;
  }

  async function requireAdmin(request: FastifyRequest) {
    const user = await requireUser(request);
    if (user.role !== 'admin') throw new AppError('forbidden', 'Only admins may do this.');
    return user;
  }

  /** Makes `user` this request's caller: an API key the key guard accepted (http/api-key-guard.ts). */
  const actAs = (request: FastifyRequest, user: CurrentUser) =>
    void cache.set(request, Promise.resolve(user));

  return { currentUser, requireUser, requireAdmin, actAs };
}

async function userOfLiveSession(db: Db, sessionId: string): Promise<CurrentUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      role: users.role,
      emailVerified: users.emailVerified,
      banned: users.banned,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || row.banned) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    role: row.role,
    emailVerified: row.emailVerified,
    sessionId,
    sessionExpiresAt: row.expiresAt,
    via: 'bearer',
  };
}
