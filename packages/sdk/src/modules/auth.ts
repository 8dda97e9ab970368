// Sign-in for a client (spec §4, §5 "Sign-in rules", wire-protocol.md §5): visitor tokens, password login
// with its state machine, PKCE redirect / popup / direct login, and logout. Token lifecycle itself lives in
// auth/tokens.ts; this module wires it to the calls the storefront makes.

import { codeFromIframe, codeFromPopup, codeFromRedirect, inBrowser } from '../auth/code-flows.js';
import { createLoginFlow, sendPasswordResetEmail } from '../auth/login.js';
import {
  type AuthorizationResponse,
  CODE_CHALLENGE_METHOD,
  checkAuthorizationResponse,
  DEFAULT_PROMPT,
  generateOAuthData,
  OAUTH_SCOPE,
  type OAuthData,
  parseFromUrl,
} from '../auth/pkce.js';
import type { Tokens } from '../auth/token-storage.js';
import type { TokenManager } from '../auth/tokens.js';
import type { FetchLike } from '../transport.js';
import type { AuthModule, AuthUrlOptions } from './auth.types.js';
import { createAuthAccountCalls } from './auth-account.js';
import { createAuthFactorCalls } from './auth-factors.js';
import type { ClientContext } from './context.js';
import { createRedirectsModule } from './redirects.js';

export type { AuthModule, AuthUrlOptions } from './auth.types.js';

/** Options of {@link createAuthModule} beyond the client context. */
export interface AuthModuleOptions {
  /** A redirect URI registered for the client, used by SSR direct login and the popup. */
  redirectUri?: string | undefined;
  fetch?: FetchLike | undefined;
}

/**
 * Creates the auth module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const auth = createAuthModule(context, { redirectUri: 'https://shop.example/callback' });
 * ```
 */
export function createAuthModule(context: ClientContext, options: AuthModuleOptions = {}): AuthModule {
  const { transport, clientId, baseUrl } = context;
  const redirects = createRedirectsModule(context);
  const flow = createLoginFlow(transport);
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const need = (what: string): { tokens: TokenManager; clientId: string } => {
    if (!context.tokens || !clientId) {
      throw new Error(`${what} needs an OAuth client: pass createClient({ clientId }) (see the SDK README)`);
    }
    return { tokens: context.tokens, clientId };
  };

  async function getAuthUrl(oauthData: OAuthData, urlOptions: AuthUrlOptions = {}) {
    const { clientId: id } = need('getAuthUrl');
    const session = await redirects.createRedirectSession({
      auth: {
        authRequest: {
          clientId: id,
          ...(oauthData.redirectUri ? { redirectUri: oauthData.redirectUri } : {}),
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: CODE_CHALLENGE_METHOD,
          responseMode: urlOptions.responseMode ?? 'fragment',
          responseType: 'code',
          scope: OAUTH_SCOPE,
          state: oauthData.state,
          ...(urlOptions.sessionToken ? { sessionToken: urlOptions.sessionToken } : {}),
        },
        prompt: urlOptions.prompt ?? DEFAULT_PROMPT,
      },
    });
    return { authUrl: session.fullUrl, authorizationEndpoint: session.urlDetails.endpoint };
  }

  return {
    ...createAuthAccountCalls(context, () => flow.state),
    ...createAuthFactorCalls(context),
    async generateVisitorTokens() {
      const { tokens } = need('generateVisitorTokens');
      await tokens.getAccessToken();
      return tokens.getTokens() as Tokens;
    },
    getTokens: () => context.tokens?.getTokens(),
    setTokens: (tokens) => need('setTokens').tokens.setTokens(tokens),
    loggedIn: () => context.tokens?.loggedIn() ?? false,
    get loginState() {
      return flow.state;
    },
    register: (params) => flow.register(params),
    login: (params) => flow.login(params),
    processVerification: (params) => flow.processVerification(params),
    verifySecondFactor: (params) => flow.verifySecondFactor(params),
    chooseSecondFactor: (factorType) => flow.chooseSecondFactor(factorType),
    sendPasswordResetEmail: async (email, redirectUrl, options = {}) =>
      sendPasswordResetEmail(transport, {
        email,
        redirectUrl,
        clientId: need('sendPasswordResetEmail').clientId,
        ...(options.captchaTokens ? { captchaTokens: options.captchaTokens } : {}),
      }),
    generateOAuthData,
    getAuthUrl,
    parseFromUrl,
    getMemberTokens: async (code, state, oauthData) =>
      need('getMemberTokens').tokens.getMemberTokens(code, state, oauthData),
    async getMemberTokensForDirectLogin(sessionToken, redirectUri = options.redirectUri) {
      const { tokens } = need('getMemberTokensForDirectLogin');
      // Browsers: a hidden iframe gets the code by postMessage, with no redirect URI at all. Elsewhere the
      // authorize redirect to a registered URI is followed here.
      if (inBrowser()) {
        const oauthData = await generateOAuthData('');
        const { authUrl } = await getAuthUrl(oauthData, {
          prompt: 'none',
          responseMode: 'web_message',
          sessionToken,
        });
        const response = await codeFromIframe(authUrl, oauthData.state, new URL(authUrl).origin);
        // Surfaces the server's own error (e.g. login_required) before the generic code/state checks.
        return exchange(tokens, response, oauthData);
      }
      if (!redirectUri) {
        throw new Error(
          'getMemberTokensForDirectLogin outside a browser needs a redirect URI registered for the client: pass createClient({ redirectUri }) or the second argument',
        );
      }
      const oauthData = await generateOAuthData(redirectUri);
      const { authUrl } = await getAuthUrl(oauthData, {
        prompt: 'none',
        responseMode: 'query',
        sessionToken,
      });
      const response = await codeFromRedirect(doFetch, baseUrl, authUrl, redirectUri);
      return exchange(tokens, response, oauthData);
    },
    async loginWithPopup(popupOptions = {}) {
      const { tokens } = need('loginWithPopup');
      const redirectUri = popupOptions.redirectUri ?? options.redirectUri;
      if (!redirectUri) throw new Error('loginWithPopup needs a redirectUri on this page’s origin');
      const oauthData = await generateOAuthData(redirectUri);
      const { authUrl } = await getAuthUrl(oauthData, {
        prompt: popupOptions.prompt ?? DEFAULT_PROMPT,
        responseMode: 'query',
      });
      const response = await codeFromPopup(authUrl, redirectUri, 'query');
      return exchange(tokens, response, oauthData);
    },
    async logout(originalUrl) {
      const { tokens, clientId: id } = need('logout');
      const session = await redirects.createRedirectSession({
        logout: { clientId: id },
        callbacks: { postFlowUrl: originalUrl },
      });
      tokens.logout();
      return { logoutUrl: session.fullUrl };
    },
  };
}

/** The end of every code flow: the reply must answer our request (state), then the code buys tokens. */
function exchange(
  tokens: TokenManager,
  response: AuthorizationResponse,
  oauthData: OAuthData,
): Promise<Tokens> {
  checkAuthorizationResponse(response, oauthData);
  return tokens.getMemberTokens(response.code, response.state, oauthData);
}
