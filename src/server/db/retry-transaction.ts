// PostgreSQL's "try the transaction again" codes: serialization_failure, deadlock_detected.
const RETRY_CODES = new Set(['40001', '40P01']);

/** The driver's error code, searched through the wrappers Drizzle puts around it. */
export function databaseErrorCode(err: unknown) {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

const ATTEMPTS = 4;

/**
 * Runs a whole transaction again when PostgreSQL aborted it to break a deadlock or a
 * serialization conflict, so that neither reaches a customer. Our lock order should make
 * both impossible; this is the net under it, and each retry starts from a clean slate.
 */
export async function retryTransaction<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = databaseErrorCode(err);
      if (attempt >= ATTEMPTS || code === undefined || !RETRY_CODES.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}
