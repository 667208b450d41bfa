import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { databaseAnswers } from '../db/unavailable.ts';
import { AppError, DATABASE_UNAVAILABLE } from '../errors.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
import { countAuthCall, type AuthLimit } from './rate-limits.ts';
import { refuseUnservedAuthRoutes } from './served-routes.ts';

// RFC 5321 caps a forward path at 256 octets, brackets included: no mailbox is longer.
const EMAIL_MAX_LENGTH = 254;

/** Mounts Better Auth at /api/auth/* behind our rate limits. */
export async function authRoutes(
  app: FastifyInstance,
  { auth, db, limits }: { auth: Auth; db: Db; limits: Record<string, readonly AuthLimit[]> },
) {
  const servedAt = publicOrigin(auth);
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    onRequest: refuseUnservedAuthRoutes,
    async handler(request, reply) {
      const path = (request.params as { '*': string })['*'].split('?')[0] ?? '';
      refuseImpossibleEmails(request.body);
      const answered = await countAuthCall(db, `/${path}`, request, limits);
      try {
        return await forward(auth, db, servedAt, request, reply);
      } finally {
        // Only now is it known whether a sign-in failed (401), which is all some limits count.
        await answered?.(reply.statusCode).catch((err: unknown) => {
          request.log.warn({ err }, 'could not settle an auth rate-limit count');
        });
      }
    },
  });
}

/**
 * Better Auth accepts any length, and the limiter keys on the email: an address no mailbox can
 * have is refused here, before either runs.
 */
function refuseImpossibleEmails(body: unknown) {
  if (body === null || typeof body !== 'object') return;
  for (const field of ['email', 'newEmail']) {
    const value: unknown = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length > EMAIL_MAX_LENGTH) {
      throw new AppError(
        'bad_request',
        `Please enter a valid email address (${EMAIL_MAX_LENGTH} characters at most).`,
      );
    }
  }
}

/**
 * Where Better Auth is served: its baseURL, which is PUBLIC_URL. Requests are handed to it at
 * this origin whatever their Host header says, so no link it mails or redirect it answers can
 * be steered to another host, and a malformed Host cannot break the URL.
 */
function publicOrigin(auth: Auth) {
  const { baseURL } = auth.options;
  if (typeof baseURL !== 'string') throw new Error('Better Auth needs a fixed baseURL');
  return new URL(baseURL).origin;
}

// The body is re-serialised below, so its length and framing headers no longer apply.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function forward(
  auth: Auth,
  db: Db,
  servedAt: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER || HOP_BY_HOP.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  // Joined as text: resolving '//other.host/…' against the origin would change the host.
  const url = new URL(`${servedAt}${request.url}`);
  headers.set('host', url.host);
  const hasBody = request.method !== 'GET' && request.body !== undefined;
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );

  // Better Auth answers a failed query with a bare 500 and keeps the cause to itself; when the
  // database is the reason, say so like every other route does.
  if (response.status >= 500 && !(await databaseAnswers(db, 2000))) {
    return reply.status(503).header('retry-after', '5').send(DATABASE_UNAVAILABLE);
  }
  if (response.status === 403) {
    const refused = await wrongAddress(response.clone(), servedAt);
    if (refused) return reply.status(403).send(refused);
  }
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') void reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/**
 * Better Auth's bare "Invalid origin" tells someone who opened the shop at another address (the
 * machine's LAN address, another host name) nothing they can act on: name the address that
 * signs in. Only PUBLIC_URL (and its loopback spellings, see `trustedOrigins`) is trusted.
 */
async function wrongAddress(response: Response, servedAt: string) {
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== 'INVALID_ORIGIN') return undefined;
  return {
    code: 'INVALID_ORIGIN',
    message: `This page is open at another address than the shop's. Please open ${servedAt} and try again.`,
  };
}
