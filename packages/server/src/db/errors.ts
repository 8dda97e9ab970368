/** PostgreSQL error codes the services react to (both drivers report them the same way). */
const UNIQUE_VIOLATION = '23505';

/** True when a query failed on a unique constraint (drizzle wraps the driver error as `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
