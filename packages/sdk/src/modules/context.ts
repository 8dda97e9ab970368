// What every resource module gets from createClient: the request core and, when the client has an OAuth
// client id, the token manager. Modules are plain factories over this, so each is testable on its own.

import type { TokenManager } from '../auth/tokens.js';
import type { Transport } from '../transport.js';

/** The shared parts of one client. */
export interface ClientContext {
  transport: Transport;
  /** Absent when the client was created without a `clientId` (anonymous catalog reads only). */
  tokens: TokenManager | undefined;
  clientId: string | undefined;
  baseUrl: string;
}

/** One path segment from a caller's id, so that an id cannot change the path (`a/b`, `..`). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

/**
 * The transport for calls that also work anonymously (catalog reads): they send the caller's token when
 * there is one, but never mint a visitor just for themselves.
 *
 * @example
 * ```ts
 * const catalog = anonymousAllowed(context.transport);
 * await catalog.request({ method: 'GET', path: '/stores-reader/v1/products/p1' });
 * ```
 */
export function anonymousAllowed(transport: Transport): Transport {
  return {
    request: (call) => transport.request({ identity: 'optional', ...call }),
    queryRequest: (path, body, options = {}) =>
      transport.queryRequest(path, body, { identity: 'optional', ...options }),
  };
}
