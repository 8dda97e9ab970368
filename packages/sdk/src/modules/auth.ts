// Sign-in for a client (spec §4, §5 "Sign-in rules", wire-protocol.md §5): visitor tokens, password login
// with its state machine, PKCE redirect / popup / direct login, and logout. Token lifecycle itself lives in
// auth/tokens.ts; this module wires it to the calls the storefront makes.

import { codeFromIframe, codeFromPopup, codeFromRedirect, inBrowser } from '../auth/code-flows.js';
import {
  createLoginFlow,
  type LoginParams,
  type RegisterParams,
  sendPasswordResetEmail,
} from '../auth/login.js';
import type { LoginResult } from '../auth/login-states.js';
import {
  type AuthorizationResponse,
  CODE_CHALLENGE_METHOD,
  checkAuthorizationResponse,
  DEFAULT_PROMPT,
  generateOAuthData,
  type LoginPrompt,
  OAUTH_SCOPE,
  type OAuthData,
  parseFromUrl,
  type ResponseMode,
} from '../auth/pkce.js';
import type { Tokens } from '../auth/token-storage.js';
import type { TokenManager } from '../auth/tokens.js';
import type { FetchLike } from '../transport.js';
import { type AuthAccountCalls, createAuthAccountCalls } from './auth-account.js';
import type { ClientContext } from './context.js';
import { createRedirectsModule } from './redirects.js';

/** Options of {@link AuthModule.getAuthUrl}. */
export interface AuthUrlOptions {
  /** Default `login`. */
  prompt?: LoginPrompt;
  /** Default `fragment`. */
  responseMode?: ResponseMode;
  /** A session token from a password login, to skip the login page. */
  sessionToken?: string;
}

/** Sign-in and tokens of one client. */
export interface AuthModule extends AuthAccountCalls {
  /**
   * The client's tokens, minting visitor tokens first if there are none (once, however many calls wait).
   *
   * @example
   * ```ts
   * const tokens = await client.auth.generateVisitorTokens();
   * ```
   */
  generateVisitorTokens(): Promise<Tokens>;
  /** The stored tokens, if any. @example `client.auth.getTokens()?.refreshToken.role` */
  getTokens(): Tokens | undefined;
  /** Replaces the stored tokens (e.g. tokens read from a cookie). @example `client.auth.setTokens(tokens)` */
  setTokens(tokens: Tokens): void;
  /** True when the refresh token belongs to a member. @example `if (client.auth.loggedIn()) showAccountLink()` */
  loggedIn(): boolean;
  /** The state of the current register/login attempt. @example `client.auth.loginState.loginState` */
  readonly loginState: LoginResult;
  /**
   * Signs up with e-mail and password (captcha tokens when the server asks for them).
   *
   * @example
   * ```ts
   * const result = await client.auth.register({ email, password, profile: { firstName: 'Ada' } });
   * if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') showCodeForm();
   * ```
   */
  register(params: RegisterParams): Promise<LoginResult>;
  /**
   * Logs in with e-mail and password; on SUCCESS, exchange `data.sessionToken` with
   * {@link AuthModule.getMemberTokensForDirectLogin}.
   *
   * @example
   * ```ts
   * const result = await client.auth.login({ email, password });
   * if (result.loginState === 'SUCCESS') await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken);
   * ```
   */
  login(params: LoginParams): Promise<LoginResult>;
  /**
   * Sends the e-mailed code; allowed only in EMAIL_VERIFICATION_REQUIRED.
   *
   * @example
   * ```ts
   * const result = await client.auth.processVerification({ verificationCode: '123456' });
   * ```
   */
  processVerification(params: { verificationCode: string }): Promise<LoginResult>;
  /**
   * E-mails a password-reset link leading to `redirectUrl` (always succeeds, known address or not).
   *
   * @example
   * ```ts
   * await client.auth.sendPasswordResetEmail(email, `${origin}/reset-password`);
   * ```
   */
  sendPasswordResetEmail(email: string, redirectUrl: string): Promise<void>;
  /**
   * Fresh PKCE data for one redirect login; keep it until the callback.
   *
   * @example
   * ```ts
   * const oauthData = await client.auth.generateOAuthData(`${origin}/callback`, location.href);
   * ```
   */
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>;
  /**
   * The authorize URL for a redirect login (a redirect session pointing at `/oauth2/authorize`).
   *
   * @example
   * ```ts
   * const { authUrl } = await client.auth.getAuthUrl(oauthData, { responseMode: 'query' });
   * location.href = authUrl;
   * ```
   */
  getAuthUrl(
    oauthData: OAuthData,
    options?: AuthUrlOptions,
  ): Promise<{ authUrl: string; authorizationEndpoint: string }>;
  /**
   * Reads `code`/`state` from the callback URL.
   *
   * @example
   * ```ts
   * const { code, state } = client.auth.parseFromUrl(location.href, 'query');
   * ```
   */
  parseFromUrl(url: string | URL, responseMode?: 'query' | 'fragment'): AuthorizationResponse;
  /**
   * Checks `state` and exchanges the code for member tokens, which are stored.
   *
   * @example
   * ```ts
   * await client.auth.getMemberTokens(code, state, oauthData);
   * ```
   */
  getMemberTokens(code: string | undefined, state: string | undefined, oauthData: OAuthData): Promise<Tokens>;
  /**
   * Turns the session token of a password login into member tokens (stored). In a browser this uses a hidden
   * iframe; elsewhere (SSR) it needs a redirect URI registered for the client (`createClient({redirectUri})`
   * or the second argument) and follows the authorize redirect itself.
   *
   * @example
   * ```ts
   * const tokens = await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken);
   * ```
   */
  getMemberTokensForDirectLogin(sessionToken: string, redirectUri?: string): Promise<Tokens>;
  /**
   * Logs in through the server's login page in a popup (browsers only; `redirectUri` must be on this page's
   * origin). Rejects with 'OAuth flow timed out' after 120000 ms.
   *
   * @example
   * ```ts
   * button.onclick = () => client.auth.loginWithPopup({ redirectUri: `${origin}/callback` });
   * ```
   */
  loginWithPopup(options?: { redirectUri?: string; prompt?: LoginPrompt }): Promise<Tokens>;
  /**
   * Forgets the tokens here and returns the server page that ends the session and returns to `originalUrl`.
   *
   * @example
   * ```ts
   * const { logoutUrl } = await client.auth.logout(location.origin);
   * location.href = logoutUrl;
   * ```
   */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
}

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
    sendPasswordResetEmail: async (email, redirectUrl) =>
      sendPasswordResetEmail(transport, {
        email,
        redirectUrl,
        clientId: need('sendPasswordResetEmail').clientId,
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
        checkAuthorizationResponse(response, oauthData);
        return tokens.getMemberTokens(response.code, response.state, oauthData);
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
      checkAuthorizationResponse(response, oauthData);
      return tokens.getMemberTokens(response.code, response.state, oauthData);
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
      checkAuthorizationResponse(response, oauthData);
      return tokens.getMemberTokens(response.code, response.state, oauthData);
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
