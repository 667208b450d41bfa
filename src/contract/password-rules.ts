import { PASSWORD_MIN_LENGTH } from './users.ts';

/**
 * NIST SP 800-63B: a new password is checked against passwords known from breaches and common
 * use. The list itself stays on the server (src/server/auth/common-passwords.ts); the web app
 * only needs the words it shows.
 */
export const COMMON_PASSWORD_CODE = 'PASSWORD_TOO_COMMON';
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

/** Shown under every field where a new password is chosen. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`;
