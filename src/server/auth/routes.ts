import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { databaseAnswers } from '../db/unavailable.ts';
import { AppError, DATABASE_UNAVAILABLE } from '../errors.ts';
import { hitRateWindow, type RateRule } from '../lib/rate-window.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';

type Limits = { ip: RateRule; email?: RateRule };

const MINUTES = 60;
/** Abuse limits per client IP and per target email, for the calls that cost or leak. */
export const authRateLimits: Record<string, Limits> = {
  '/sign-in/email': {
    ip: { max: 30, windowSeconds: 15 * MINUTES },
    email: { max: 10, windowSeconds: 15 * MINUTES },
  },
  '/sign-up/email': {
    ip: { max: 30, windowSeconds: 60 * MINUTES },
    email: { max: 5, windowSeconds: 60 * MINUTES },
  },
  '/request-password-reset': {
    ip: { max: 20, windowSeconds: 60 * MINUTES },
    email: { max: 3, windowSeconds: 15 * MINUTES },
  },
  '/send-verification-email': {
    ip: { max: 20, windowSeconds: 60 * MINUTES },
    email: { max: 3, windowSeconds: 15 * MINUTES },
  },
  '/reset-password': { ip: { max: 20, windowSeconds: 15 * MINUTES } },
  '/sign-in/social': { ip: { max: 30, windowSeconds: 15 * MINUTES } },
};

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

// RFC 5321 caps a forward path at 256 octets, brackets included: no mailbox is longer.
const EMAIL_MAX_LENGTH = 254;

/** Mounts Better Auth at /api/auth/* behind our rate limits. */
export async function authRoutes(app: FastifyInstance, { auth, db }: { auth: Auth; db: Db }) {
  const servedAt = publicOrigin(auth);
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const path = (request.params as { '*': string })['*'].split('?')[0] ?? '';
      refuseImpossibleEmails(request.body);
      const limits = request.method === 'POST' ? authRateLimits[`/${path}`] : undefined;
      if (limits && (await overLimit(db, request, reply, `/${path}`, limits))) return reply;
      return forward(auth, db, servedAt, request, reply);
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

async function overLimit(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  limits: Limits,
) {
  const checks = [hitRateWindow(db, `auth:${path}:ip:${request.ip}`, limits.ip)];
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (limits.email && typeof email === 'string') {
    checks.push(
      hitRateWindow(db, `auth:${path}:email:${email.trim().toLowerCase()}`, limits.email),
    );
  }
  const refused = (await Promise.all(checks)).find((check) => !check.allowed);
  if (!refused) return false;
  void reply
    .status(429)
    .header('retry-after', String(refused.retryAfterSeconds))
    .send({ error: 'rate_limited', message: TOO_MANY });
  return true;
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
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') void reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}
