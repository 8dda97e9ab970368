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
