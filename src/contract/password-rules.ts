// Kept free of zod: the sign-in and sign-up pages use these before zod has loaded.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * NIST SP 800-63B: a new password is checked against passwords known from breaches and common
 * use. The list itself stays on the server (src/server/auth/common-passwords.ts); the web app
 * only needs the words it shows.
 */
export const COMMON_PASSWORD_CODE = 'PASSWORD_TOO_COMMON';
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

/** Shown under every field where a new password is chosen. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`;
