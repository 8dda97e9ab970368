// Redirect sessions (wire-protocol.md §4.5): URLs of this server's hosted pages (checkout, login, logout,
// authorize, product) that keep the caller's identity.

import type { Tokens } from '../auth/token-storage.js';
import type { CreateRedirectSessionOptions, HostedFlow, RedirectSession } from '../entities/index.js';
import type { ClientContext } from './context.js';

/** What opening a redirect session's URL gives a hosted page. */
export interface HostedPageEntry {
  flow: HostedFlow;
  /**
   * The app's visitor or member for this browser: store them (e.g. `client.auth.setTokens`). Absent when
   * the browser already is that shopper (the same link opened again).
   */
  tokens?: Tokens;
}

interface TokensReply {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  role: 'visitor' | 'member';
}

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
   * For a hosted page (checkout, login, product) opened at a redirect session's URL: spends the URL's
   * `session` token (it works once) and returns the flow, plus tokens for the visitor or member who created
   * the session. Sends this client's own token when it has one, so the same browser opening the link again
   * just continues. A used or expired link is a 410 `ApplicationError` whose `data.backUrl` (when the app
   * gave one) is where to send the shopper back to; an unknown one a 404.
   *
   * @example
   * ```ts
   * const { flow, tokens } = await client.redirects.enterHostedPage(url.searchParams.get('session'), clientId);
   * if (tokens) client.auth.setTokens(tokens);
   * ```
   */
  enterHostedPage(session: string, clientId: string): Promise<HostedPageEntry>;
  /**
   * A hosted page's flow by its id (the page's `flow` URL parameter), for the shopper who opened it; a 404
   * `ApplicationError` for anyone else.
   *
   * @example
   * ```ts
   * const { callbacks } = await client.redirects.getHostedFlow(url.searchParams.get('flow'));
   * ```
   */
  getHostedFlow(flowId: string): Promise<HostedFlow>;
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
    async enterHostedPage(session, clientId) {
      const reply = await transport.request<{ flow: HostedFlow; tokens?: TokensReply }>({
        method: 'POST',
        path: '/_api/redirects-api/v1/hosted-page',
        body: { session, clientId },
        identity: 'optional',
      });
      if (!reply.tokens) return { flow: reply.flow };
      const { accessToken, refreshToken, expiresIn, role } = reply.tokens;
      return {
        flow: reply.flow,
        tokens: {
          accessToken: { value: accessToken, expiresAt: Math.floor(Date.now() / 1000) + expiresIn },
          refreshToken: { value: refreshToken, role },
        },
      };
    },
    getHostedFlow: (flowId) =>
      transport.request<HostedFlow>({
        method: 'GET',
        path: `/_api/redirects-api/v1/hosted-page/${encodeURIComponent(flowId)}`,
      }),
  };
}
