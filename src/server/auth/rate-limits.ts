import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { countHits, rateLimited, refundHits, type Hit } from '../http/rate-limit.ts';
import type { RateRule } from '../lib/rate-window.ts';

/**
 * Whose allowance a limit counts: the client address, the email the request names, or that
 * email from that address. `failuresOnly` limits count only the attempts Better Auth refuses
 * with 401 (a wrong password), so the owner's own successful sign-ins never use them up.
 */
export type AuthLimit = RateRule & {
  per: 'ip' | 'email' | 'emailFromIp';
  failuresOnly?: true;
};

const MINUTES = 60;

/**
 * Abuse limits for Better Auth's calls that cost or leak, counted like the endpoint table's
 * (src/server/http/rate-limit.ts). Sign-in: every attempt per address; failed ones per email
 * and address with a low ceiling, and per email from anywhere with a much higher one, so that
 * guessing from elsewhere cannot lock the owner out (docs/decisions/0014-sign-in-limits.md).
 */
export const authRateLimits: Record<string, readonly AuthLimit[]> = authRateLimitsFor({
  signUpsPerHour: 30,
});

/** The limits with the sign-ups one address may make in an hour set (SIGNUP_RATE_LIMIT). */
export function authRateLimitsFor({
  signUpsPerHour,
}: {
  signUpsPerHour: number;
}): Record<string, readonly AuthLimit[]> {
  return {
    '/sign-in/email': [
      { per: 'ip', max: 30, windowSeconds: 15 * MINUTES },
      { per: 'emailFromIp', max: 10, windowSeconds: 15 * MINUTES, failuresOnly: true },
      { per: 'email', max: 100, windowSeconds: 60 * MINUTES, failuresOnly: true },
    ],
    '/sign-up/email': [
      { per: 'ip', max: signUpsPerHour, windowSeconds: 60 * MINUTES },
      { per: 'email', max: 5, windowSeconds: 60 * MINUTES },
    ],
    '/request-password-reset': [
      { per: 'ip', max: 20, windowSeconds: 60 * MINUTES },
      { per: 'email', max: 3, windowSeconds: 15 * MINUTES },
    ],
    '/send-verification-email': [
      { per: 'ip', max: 20, windowSeconds: 60 * MINUTES },
      { per: 'email', max: 3, windowSeconds: 15 * MINUTES },
    ],
    '/reset-password': [{ per: 'ip', max: 20, windowSeconds: 15 * MINUTES }],
    '/sign-in/social': [{ per: 'ip', max: 30, windowSeconds: 15 * MINUTES }],
  };
}

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

type CountedHit = Hit & { failuresOnly?: true };

/**
 * Counts a call to one of Better Auth's limited paths before it runs; throws the 429 when an
 * allowance is used up. Returns what to do with Better Auth's answer: every hit that counts
 * failures only is taken back unless the answer was a 401. (Counted first and taken back after,
 * rather than counted after, so that guesses sent all at once cannot pass the ceiling.)
 */
export async function countAuthCall(
  db: Db,
  path: string,
  request: FastifyRequest,
  rules: Record<string, readonly AuthLimit[]> = authRateLimits,
) {
  const limits = request.method === 'POST' ? rules[path] : undefined;
  if (!limits) return undefined;
  const email = emailOf(request.body);
  const hits: CountedHit[] = limits.flatMap((limit) => {
    const who = whoOf(limit.per, request.ip, email);
    return who
      ? [{ bucket: `auth:${path}`, who, rule: limit, failuresOnly: limit.failuresOnly }]
      : [];
  });
  const failures = hits.filter((hit) => hit.failuresOnly);
  const verdict = await countHits(db, hits);
  if (!verdict.allowed) {
    // Nothing was tried, so nothing failed.
    await refundHits(db, failures);
    throw rateLimited(verdict.retryAfterSeconds, TOO_MANY);
  }
  return async (status: number) => {
    if (status !== 401) await refundHits(db, failures);
  };
}

function emailOf(body: unknown) {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

function whoOf(per: AuthLimit['per'], ip: string, email: string | undefined) {
  if (per === 'ip') return `ip:${ip}`;
  if (email === undefined) return undefined;
  return per === 'email' ? `email:${email}` : `email:${email}:ip:${ip}`;
}
