/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only on secure pages (https, localhost);
 * a shop opened over plain http on a LAN address still gets 128 random bits.
 */
export function newIdempotencyKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
