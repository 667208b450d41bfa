/**
 * What a value kept in memory costs, estimated as V8 lays it out in 64-bit Node, whose builds
 * do not compress pointers: an object is a header of three pointers and a slot per property
 * (the property names live in its hidden class, shared by every object of that shape), an
 * array a header and a backing store of one slot per item, a string a 16-byte header and one
 * byte per character, or two when any character is past Latin-1, and a number that is not a
 * small integer a 16-byte box. Booleans and null are shared. Measured against the heap: within
 * a few percent for a page of products (bench/README.md, Memory).
 */
const SLOT = 8;
const OBJECT_HEADER = 3 * SLOT;
const ARRAY_HEADER = 4 * SLOT + 2 * SLOT;
const STRING_HEADER = 16;
const HEAP_NUMBER = 16;
const WIDE_CHARACTER = /[\u0100-\uffff]/;

/** A string's bytes in V8's heap, aligned to the slot size. */
export function stringBytes(text: string) {
  const characters = WIDE_CHARACTER.test(text) ? 2 * text.length : text.length;
  return STRING_HEADER + Math.ceil(characters / SLOT) * SLOT;
}

const isSmallInteger = (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31;

/**
 * Freezes `value` deeply (every caller shares it) and returns its estimated bytes. What was
 * frozen already is shared with whoever froze it and is counted there, not again.
 */
export function freezeAndMeasure(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number') return isSmallInteger(value) ? 0 : HEAP_NUMBER;
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return 0;
  Object.freeze(value);
  const children = Object.values(value);
  let bytes = Array.isArray(value) ? ARRAY_HEADER : OBJECT_HEADER;
  bytes += children.length * SLOT;
  for (const child of children) bytes += freezeAndMeasure(child);
  return bytes;
}
