import { invalidField } from '../../lib/http/errors.js';
import type { IdentityDeps, OAuthClient } from '../identity/index.js';
import { isAllowedReturnUrl } from '../identity/index.js';

export const CALLBACK_FIELDS = [
  'thankYouPageUrl',
  'postFlowUrl',
  'loginUrl',
  'bookingsServiceListUrl',
  'cartPageUrl',
  'planListUrl',
] as const;
export type CallbackField = (typeof CALLBACK_FIELDS)[number];

/**
 * Open-redirect protection for redirect sessions: every URL a client asks us to send the browser back to
 * must be registered for its OAuth client (redirect URI or allowed origin) or lie on this store's origin.
 * Nothing secret travels to these URLs, so an allowed origin is enough (ADR 029).
 */
export function verifiedCallbacks(
  deps: IdentityDeps,
  client: OAuthClient | undefined,
  callbacks: Partial<Record<CallbackField, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of CALLBACK_FIELDS) {
    const url = callbacks[field];
    if (!url) continue;
    if (!isAllowedReturnUrl(deps.config.publicUrl, client, url)) {
      throw invalidField(
        `callbacks.${field}`,
        'FORMAT',
        client
          ? "is not one of the OAuth client's redirect URIs or allowed origins"
          : 'must be on this store, or on an origin registered for your OAuth client (call with its visitor or member token)',
      );
    }
    out[field] = url;
  }
  return out;
}

/**
 * A hosted page's URL. It carries the session token only: the page reads the callbacks the server
 * verified, never ones from its own URL (which anyone can edit).
 */
export function pageUrl(base: string, path: string, sessionToken: string): URL {
  const url = new URL(`${base}${path}`);
  url.searchParams.set('session', sessionToken);
  return url;
}
