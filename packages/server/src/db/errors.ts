/** PostgreSQL error codes the services react to (both drivers report them the same way). */
const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';
const LOCK_NOT_AVAILABLE = '55P03';

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error as `cause`). */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when a statement gave up on a row lock: a deadlock, or `lock_timeout` ran out. */
export function isLockConflict(error: unknown): boolean {
  const code = errorCode(error);
  return code === DEADLOCK_DETECTED || code === LOCK_NOT_AVAILABLE;
}

/**
 * True when a query failed on a unique constraint — on `constraint` (index name), when given (drizzle wraps
 * the driver error as `cause`).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === UNIQUE_VIOLATION) {
      return (
        constraint === undefined ||
        candidate.constraint === constraint ||
        (typeof candidate.message === 'string' && candidate.message.includes(constraint))
      );
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
