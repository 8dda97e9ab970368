// Redirect sessions (wire-protocol.md §4.5): URLs of this server's hosted pages (checkout, login, logout,
// authorize, product) that keep the caller's identity.

import type { CreateRedirectSessionOptions, RedirectSession } from '../entities.js';
import type { ClientContext } from './context.js';

/** Redirect sessions. */
export interface RedirectsModule {
  /**
   * Creates a redirect session; send the browser to `fullUrl` (or the short `shortUrl`).
   *
   * @example
   * ```ts
   * const { fullUrl } = await client.redirects.createRedirectSession({
   *   ecomCheckout: { checkoutId }, callbacks: { postFlowUrl: location.href, thankYouPageUrl: `${origin}/thanks` },
   * });
   * location.href = fullUrl;
   * ```
   */
  createRedirectSession(options: CreateRedirectSessionOptions): Promise<RedirectSession>;
}

/**
 * Creates the redirects module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const redirects = createRedirectsModule(context);
 * ```
 */
export function createRedirectsModule({ transport }: ClientContext): RedirectsModule {
  return {
    async createRedirectSession(options) {
      const reply = await transport.request<{ redirectSession: RedirectSession }>({
        method: 'POST',
        path: '/_api/redirects-api/v1/redirect-session',
        body: options,
      });
      return reply.redirectSession;
    },
  };
}
