import {
  COMMON_PASSWORD_CODE,
  COMMON_PASSWORD_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../contract/password-rules.ts';
import { ApiError } from '../../lib/api-client.ts';

// People see sentences, never codes: Better Auth's `code`, our `error`, or a provider's
// `?error=` after a social sign-in all end up here.

const GENERIC = 'Something went wrong. Please try again in a moment.';
export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
export const INVALID_RESET_LINK =
  'This password reset link is invalid, has expired or was already used. Please ask for a new one.';

const byCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password. Please check them and try again.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_PASSWORD: 'Wrong email or password. Please check them and try again.',
  PASSWORD_TOO_SHORT: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  PASSWORD_TOO_LONG: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  [COMMON_PASSWORD_CODE]: COMMON_PASSWORD_MESSAGE,
  INVALID_TOKEN: INVALID_RESET_LINK,
  EMAIL_NOT_VERIFIED: 'Please verify your email address first: we have sent you a link.',
  FAILED_TO_CREATE_USER: 'We could not create your account. Please try again.',
  USER_NOT_FOUND: 'We could not find that account.',
  rate_limited: TOO_MANY,
  network: 'Network error: please check your connection and try again.',
};

export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : GENERIC;
  if (error.code === 'finish_failed') return error.message;
  if (error.code.startsWith('USER_ALREADY_EXISTS')) {
    return 'An account with this email already exists. Please log in instead.';
  }
  const known = byCode[error.code];
  if (known) return known;
  if (error.status === 429) return TOO_MANY;
  if (error.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return error.code === 'http_error' ? GENERIC : error.message;
}

const socialByCode: Record<string, string> = {
  access_denied: 'Sign-in was cancelled at the provider. You can try again or log in with email.',
  account_not_linked:
    'An account with this email already exists. Log in with your email and password first; once your email is verified, this provider can sign you in too.',
  unable_to_link_account:
    'An account with this email already exists. Log in with your email and password first; once your email is verified, this provider can sign you in too.',
  email_not_found: 'The provider did not share your email address, which your account needs.',
  state_mismatch: 'That sign-in took too long or was started in another tab. Please try again.',
  please_restart_the_process:
    'That sign-in took too long or was started in another tab. Please try again.',
};

/** The `?error=` a social sign-in comes back with, as a sentence. */
export function socialErrorMessage(code: string) {
  return (
    socialByCode[code] ??
    'Signing in with that provider did not work. Please try again, or log in with your email and password.'
  );
}
