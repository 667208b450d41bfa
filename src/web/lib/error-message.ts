import { ApiError } from './api-client.ts';

const FIELD_PREFIX = /^[A-Za-z][\w.]*: /;

/**
 * The server's sentence for the user. A refused body comes back as "quantity: …"; the page
 * already shows which field is wrong, so the field name is dropped.
 */
export function errorMessage(error: unknown) {
  if (!(error instanceof Error)) return 'Something went wrong. Please try again.';
  if (error instanceof ApiError && error.status === 400) {
    return error.message.replace(FIELD_PREFIX, '');
  }
  return error.message;
}

/**
 * The field a refused body names ("postalCode: Enter a valid postal code…"), to show the
 * sentence by that field; null when the refusal names none.
 */
export function fieldError(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const match = /^([A-Za-z]\w*)(?:\.[\w.]*)?: (.+)$/s.exec(error.message);
  return match ? { field: match[1] ?? '', message: match[2] ?? '' } : null;
}
