/** PostgreSQL error codes the services react to (both drivers report them the same way). */
const UNIQUE_VIOLATION = '23505';

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
