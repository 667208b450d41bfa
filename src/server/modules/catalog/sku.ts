import { randomInt } from 'node:crypto';

// Letters and digits that cannot be misread for one another when a SKU is read out or typed
// from a printed list (no 0/O, 1/I/L, 5/S, 2/Z).
const READABLE = 'ABCDEFGHJKMNPQRTUVWXY346789';

/**
 * A SKU for a product added without one: "ECP-", the initials of its name, and a short random
 * part, e.g. "ECP-CWC-7KQ4" for "Chain Wear Checker". Readable, but not guaranteed unique: the
 * caller retries on a clash.
 */
export function makeSku(name: string) {
  const words = name.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
  let letters = words
    .map((word) => word[0])
    .join('')
    .slice(0, 4);
  if (letters.length < 2) letters = words.join('').slice(0, 3);
  const random = Array.from({ length: 4 }, () => READABLE[randomInt(READABLE.length)]).join('');
  return letters ? `ECP-${letters}-${random}` : `ECP-${random}`;
}

/** The unique index a failed write broke, if any (searched through Drizzle's wrappers). */
export function clashedIndex(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = current.cause;
  }
  return undefined;
}

/** Whether a failed write broke the SKU's unique index. */
export const isSkuClash = (err: unknown) => clashedIndex(err) === 'product_sku_idx';
