// Redirect sessions (wire-protocol.md §4.5): URLs of this server's hosted pages (checkout, login, logout,
// authorize, product) that keep the caller's identity.

import type { CreateRedirectSessionOptions, HostedPage, RedirectSession } from '../entities/index.js';
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
  /**
   * What a hosted page (login, checkout, …) learns from the `session` token in its URL: the session's kind
   * and the callbacks the server verified for the app. An expired session is a 404 `ApplicationError`.
   *
   * @example
   * ```ts
   * const page = await client.redirects.getHostedPage(url.searchParams.get('session'));
   * if (page.kind === 'login') returnTo = page.callbacks.postFlowUrl;
   * ```
   */
  getHostedPage(session: string): Promise<HostedPage>;
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
    getHostedPage: (session) =>
      transport.request<HostedPage>({
        method: 'GET',
        path: '/_api/redirects-api/v1/hosted-page',
        query: { session },
        identity: 'optional',
      }),
  };
}
