// The auth module's public shape (implementation: auth.ts).

import type { LoginParams, RegisterParams, SecondFactorParams } from '../auth/login.js';
import type { CaptchaTokens, LoginResult, SecondFactorType } from '../auth/login-states.js';
import type { AuthorizationResponse, LoginPrompt, OAuthData, ResponseMode } from '../auth/pkce.js';
import type { Tokens } from '../auth/token-storage.js';
import type { AuthAccountCalls } from './auth-account.js';
import type { AuthFactorCalls } from './auth-factors.js';

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
export interface AuthModule extends AuthAccountCalls, AuthFactorCalls {
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
   * if (result.loginState === 'SECOND_FACTOR_REQUIRED') askForCode(result.data.factors);
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
   * Sends the second factor's code; allowed only in SECOND_FACTOR_REQUIRED. With `rememberThisDevice`
   * the SUCCESS result carries `data.deviceToken`: pass it to later logins to skip the factor (30 days).
   *
   * @example
   * ```ts
   * const result = await client.auth.verifySecondFactor({ code: '123456', rememberThisDevice: true });
   * ```
   */
  verifySecondFactor(params: SecondFactorParams): Promise<LoginResult>;
  /**
   * Picks the factor to verify with in SECOND_FACTOR_REQUIRED; EMAIL e-mails a code (again: a new one).
   *
   * @example
   * ```ts
   * const result = await client.auth.chooseSecondFactor('EMAIL');
   * ```
   */
  chooseSecondFactor(factorType: SecondFactorType): Promise<LoginResult>;
  /**
   * E-mails a password-reset link leading to `redirectUrl` (succeeds alike, known address or not). After
   * many requests for one account the server asks for a captcha (ApplicationError `-19971`): pass a
   * solved one in `options.captchaTokens`.
   *
   * @example
   * ```ts
   * await client.auth.sendPasswordResetEmail(email, `${origin}/reset-password`);
   * ```
   */
  sendPasswordResetEmail(
    email: string,
    redirectUrl: string,
    options?: { captchaTokens?: CaptchaTokens },
  ): Promise<void>;
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
