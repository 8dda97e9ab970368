// Visitor and member tokens (spec §4–§6, wire-protocol.md §5). Deliberately unlike the public SDK (§5.2):
// parallel first calls share ONE visitor mint, a member whose refresh is rejected gets a SessionExpiredError
// instead of silently becoming a new visitor, and token endpoint messages reach the caller intact.

import { SessionExpiredError, TokenRequestError } from '../errors.js';
import { statusText } from '../http-status.js';
import type { FetchLike } from '../transport.js';
import { checkAuthorizationResponse, type OAuthData } from './pkce.js';
import {
  type AccessToken,
  isRole,
  memoryStorage,
  type TokenRole,
  type TokenStore,
  type Tokens,
} from './token-storage.js';

/** Options of {@link createTokenManager}. */
export interface TokenManagerOptions {
  clientId: string;
  /** Server origin (same as the transport's); tokens are requested from `{baseUrl}/oauth2/token`. */
  baseUrl: string;
  fetch?: FetchLike;
  /** Defaults to {@link memoryStorage}. */
  storage?: TokenStore;
  /** Current time in milliseconds; for tests. */
  now?: () => number;
  /** Extra headers for token requests (e.g. `client-binding`). */
  headers?: Readonly<Record<string, string>>;
}

/** Token lifecycle for one client (one browser tab, or one SSR request). */
export interface TokenManager {
  /** A valid access token: stored, refreshed, or newly minted for a visitor (once, however many callers wait). */
  getAccessToken(): Promise<string>;
  /** Checks `state`, exchanges the authorization code for member tokens, stores and returns them. */
  getMemberTokens(code: string | undefined, state: string | undefined, oauthData: OAuthData): Promise<Tokens>;
  setTokens(tokens: Tokens): void;
  getTokens(): Tokens | undefined;
  /** True when the refresh token's role is `member`. */
  loggedIn(): boolean;
  /** Forgets the tokens locally; the next call starts a new visitor. */
  logout(): void;
}

/**
 * Spec §5: expired when the expiry time is earlier than the current time in seconds.
 *
 * @example
 * ```ts
 * isTokenExpired({ value: 't', expiresAt: 100 }, 101); // true
 * isTokenExpired({ value: 't', expiresAt: 100 }, 100); // false
 * ```
 */
export function isTokenExpired(token: AccessToken, nowSeconds: number): boolean {
  return token.expiresAt < nowSeconds;
}

/**
 * Creates the token manager. Pass its `getAccessToken` to {@link createTransport} as `getAuthHeader`.
 *
 * @example
 * ```ts
 * const tokens = createTokenManager({ clientId: 'client-1', baseUrl: 'https://shop.example' });
 * const transport = createTransport({ baseUrl: 'https://shop.example', getAuthHeader: tokens.getAccessToken });
 * try { await transport.request({ method: 'GET', path: '/ecom/v1/carts/current' }); }
 * catch (e) { if (isSessionExpiredError(e)) showLoginDialog(); }
 * ```
 */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const storage = options.storage ?? memoryStorage();
  const now = options.now ?? Date.now;
  const nowSeconds = (): number => Math.floor(now() / 1000);
  const tokenUrl = `${options.baseUrl.replace(/\/+$/, '')}/oauth2/token`;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let inflight: Promise<Tokens> | undefined;
  // Bumped by setTokens/logout so that a renewal that started earlier cannot overwrite their decision.
  let generation = 0;

  const usable = (tokens: Tokens | undefined): tokens is Tokens =>
    tokens !== undefined &&
    tokens.accessToken.value !== '' &&
    !isTokenExpired(tokens.accessToken, nowSeconds());

  async function requestTokens(
    body: Record<string, string>,
    role: TokenRole,
    previous?: string,
  ): Promise<Tokens> {
    let response: Response;
    try {
      response = await doFetch(tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers },
        body: JSON.stringify({ clientId: options.clientId, ...body }),
      });
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new TokenRequestError(`Failed to fetch tokens from OAuth API: ${reason}`, { cause });
    }
    const requestId = response.headers.get('x-wix-request-id') ?? undefined;
    const text = await response.text().catch(() => '');
    const reply = parseObject(text);
    const fail = (reason: string): TokenRequestError =>
      new TokenRequestError(
        `Failed to fetch tokens from OAuth API: ${reason}. request id: ${requestId ?? 'none'}. Response: ${reply ? JSON.stringify(reply) : text}`,
        { status: response.status, requestId },
      );
    if (response.status !== 200) {
      throw fail(response.statusText || statusText(response.status) || `HTTP ${response.status}`);
    }
    const expiresIn = Number(reply?.expires_in);
    const refresh =
      typeof reply?.refresh_token === 'string' && reply.refresh_token ? reply.refresh_token : previous;
    if (
      typeof reply?.access_token !== 'string' ||
      !reply.access_token ||
      !Number.isFinite(expiresIn) ||
      !refresh
    ) {
      throw fail('invalid token response');
    }
    const replyRole = reply.refresh_token_role;
    return {
      accessToken: { value: reply.access_token, expiresAt: nowSeconds() + expiresIn },
      refreshToken: { value: refresh, role: isRole(replyRole) ? replyRole : role },
    };
  }

  const mintVisitor = (): Promise<Tokens> => requestTokens({ grantType: 'anonymous' }, 'visitor');

  async function renew(): Promise<Tokens> {
    const started = generation;
    const current = storage.get();
    let tokens: Tokens;
    if (current?.refreshToken.value) {
      try {
        // A rotated refresh token is kept when the server sends one; otherwise the current one stays valid.
        tokens = await requestTokens(
          { grantType: 'refresh_token', refreshToken: current.refreshToken.value },
          current.refreshToken.role,
          current.refreshToken.value,
        );
      } catch (error) {
        // Only a refusal (4xx) means the session is over; a network error or 5xx may pass, so the tokens
        // are kept and the error is surfaced for the caller to retry.
        if (!(error instanceof TokenRequestError) || !isRefusal(error.status)) throw error;
        const latest = storage.get();
        if (generation !== started && usable(latest)) return latest;
        if (current.refreshToken.role === 'member') {
          if (generation === started) {
            storage.clear();
            generation++;
          }
          throw new SessionExpiredError({ status: error.status, requestId: error.requestId, cause: error });
        }
        tokens = await mintVisitor();
      }
    } else {
      tokens = await mintVisitor();
    }
    if (generation !== started) {
      // setTokens/logout happened meanwhile: their tokens win; ours are still valid for this one call.
      const latest = storage.get();
      return usable(latest) ? latest : tokens;
    }
    storage.set(tokens);
    return tokens;
  }

  return {
    async getAccessToken() {
      const current = storage.get();
      if (usable(current)) return current.accessToken.value;
      // Single flight: every caller that arrives while a renewal runs waits for that same renewal.
      inflight ??= renew().finally(() => {
        inflight = undefined;
      });
      return (await inflight).accessToken.value;
    },
    async getMemberTokens(code, state, oauthData) {
      const checkedCode = checkAuthorizationResponse({ code, state }, oauthData);
      const body: Record<string, string> = {
        grantType: 'authorization_code',
        code: checkedCode,
        codeVerifier: oauthData.codeVerifier,
      };
      // Left out in the web_message (direct login) flow, which has no redirect.
      if (oauthData.redirectUri) body.redirectUri = oauthData.redirectUri;
      const tokens = await requestTokens(body, 'member');
      generation++;
      storage.set(tokens);
      return tokens;
    },
    setTokens(tokens) {
      generation++;
      storage.set(tokens);
    },
    getTokens: () => storage.get(),
    loggedIn: () => storage.get()?.refreshToken.role === 'member',
    logout() {
      generation++;
      storage.clear();
    },
  };
}

function isRefusal(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status <= 499;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
