import { dictionary } from '@zxcvbn-ts/language-common';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { COMMON_PASSWORD_CODE, COMMON_PASSWORD_MESSAGE } from '../../contract/password-rules.ts';

/**
 * NIST SP 800-63B asks that a new password be compared against passwords known from breaches
 * and common use. zxcvbn-ts ships such a list (49,000 entries, lower-cased, from breach
 * corpora) inside its npm package, so the check works offline and costs no request.
 */
const breached = new Set(dictionary['passwords-common']);

// Also "context-specific words": the shop's own name, dressed up with digits or symbols.
const SHOP_NAME = /^[\d\W_]*ec-?parts?[\d\W_]*$/;
// And repetition: one character over and over ("aaaaaaaa", "........").
const ONE_CHARACTER = /^(.)\1*$/su;

export function isCommonPassword(password: string) {
  const folded = password.normalize('NFKC').toLowerCase();
  return breached.has(folded) || SHOP_NAME.test(folded) || ONE_CHARACTER.test(folded);
}

/** Better Auth calls where someone chooses a new password, and the body field holding it. */
const newPasswordField = new Map<string, 'password' | 'newPassword'>([
  ['/sign-up/email', 'password'],
  ['/reset-password', 'newPassword'],
  ['/change-password', 'newPassword'],
  ['/set-password', 'newPassword'],
  ['/admin/create-user', 'password'],
  ['/admin/set-user-password', 'newPassword'],
]);

/**
 * A Better Auth `hooks.before`: it runs for HTTP calls and server-side `auth.api` calls alike,
 * before the endpoint hashes the password or creates anything. Sign-in is left alone: an old
 * password that is common now must still let its owner in to change it.
 */
export const refuseCommonPasswords = createAuthMiddleware(async (ctx) => {
  const field = newPasswordField.get(ctx.path);
  if (!field) return;
  const password: unknown = (ctx.body as Record<string, unknown> | undefined)?.[field];
  if (typeof password !== 'string' || !isCommonPassword(password)) return;
  throw new APIError('BAD_REQUEST', {
    code: COMMON_PASSWORD_CODE,
    message: COMMON_PASSWORD_MESSAGE,
  });
});
