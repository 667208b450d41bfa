import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { API_KEY_MARK } from '../../contract/api-keys.ts';
import { MINUTE, type Endpoint } from '../../contract/endpoint.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { countHits, rateLimited } from './rate-limit.ts';

/** Why a key sent is not usable, and what the 401 says. */
const REFUSED = {
  unknown: 'This API key is not known.',
  revoked: 'This API key has been revoked.',
  expired: 'This API key has expired.',
} as const;

export type ApiKeyCheck = (
  key: string,
) => Promise<
  | { ok: true; user: CurrentUser & { apiKey: NonNullable<CurrentUser['apiKey']> } }
  | { ok: false; reason: keyof typeof REFUSED }
>;

export type ApiKeyOptions = {
  /** Finds a key by what the call sends (modules/api-keys/authenticate.ts). */
  check: ApiKeyCheck;
  /** Calls one key may make a minute, counted in the database across every server. */
  perMinute: number;
};

/** The key a call sends as `Authorization: Bearer ecp_…`; an accessToken is no key. */
export function apiKeyOf(request: FastifyRequest) {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return token?.startsWith(API_KEY_MARK) ? token : undefined;
}

/**
 * The first check of every endpoint, in `onRequest` before the body is read: a call with an API
 * key is refused unless the key is alive (401), the entry names scopes (403) and the key holds
 * one of them (403 naming it), and within the key's own rate limit (429). An accepted key is
 * the request's caller from then on, with an admin's authority: the access check that follows
 * passes, and the handler's `user` is the key ("api key <name>", `user.apiKey`).
 */
export function apiKeyGuard(
  db: Db,
  guards: Pick<Guards, 'actAs'>,
  e: Endpoint,
  options: ApiKeyOptions,
): onRequestHookHandler {
  const rule = { max: options.perMinute, windowSeconds: MINUTE };
  return async (request) => {
    const key = apiKeyOf(request);
    if (key === undefined) return;
    const found = await options.check(key);
    if (!found.ok) throw new AppError('unauthorized', REFUSED[found.reason]);
    const { user } = found;
    const verdict = await countHits(db, [
      { bucket: 'api-key', who: `key:${user.apiKey.id}`, rule },
    ]);
    if (!verdict.allowed) throw rateLimited(verdict.retryAfterSeconds);
    const scopes = e.scopes ?? [];
    if (scopes.length === 0) {
      throw new AppError(
        'forbidden',
        'API keys cannot call this endpoint: it is for people signed in to the shop.',
      );
    }
    if (!scopes.some((scope) => user.apiKey.scopes.includes(scope))) {
      throw new AppError('forbidden', `This API key lacks the scope ${scopes.join(' or ')}.`);
    }
    guards.actAs(request, user);
  };
}
