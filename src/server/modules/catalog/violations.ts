/**
 * The constraint a unique (23505) or foreign-key (23503) violation names, looked for on the
 * error and the errors it wraps (drizzle wraps the driver's): a clash or a reference the
 * database refused, which the catalogue's writes answer as a 409 or a 400 naming the row.
 */
export function violatedConstraint(err: unknown, code: '23505' | '23503') {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const found = current as { code?: unknown; constraint?: unknown };
    if (found.code === code && typeof found.constraint === 'string') return found.constraint;
    current = current.cause;
  }
  return undefined;
}
