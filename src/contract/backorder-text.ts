// Kept apart from catalog.ts (zod): the product card and page read it without the schemas.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Expected 14 Jan" for a date (YYYY-MM-DD), "On backorder" without one. */
export function backorderText(expectedAt: string | null) {
  const m = expectedAt ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(expectedAt) : null;
  if (!m) return 'On backorder';
  return `Expected ${Number(m[3])} ${MONTHS[Number(m[2]) - 1]}`;
}
