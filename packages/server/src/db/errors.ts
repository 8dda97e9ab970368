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

/**
 * SQLSTATEs of a connection that is gone or cannot be had: the server shut down or restarted (57P01–03),
 * a connection exception (class 08), too many connections (53300). The statement did not run, or its
 * transaction was rolled back; the pool replaces the connection.
 */
const CONNECTION_LOST_CODES = /^(57P0[1-3]|08\d{3}|53300)$/;
/** The socket's own failures, as Node reports them. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** What node-postgres says when a connection ends, times out or is used after it ended. */
const CONNECTION_LOST_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Client was closed|the database did not answer/;

/**
 * True when a statement failed because the database could not be reached or its connection was lost
 * (as opposed to the statement itself being refused): the request may be tried again in a moment.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_LOST_CODES.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
