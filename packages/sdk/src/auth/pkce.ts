// PKCE (RFC 7636) and the OAuth constants of spec §5 "Sign-in rules" and §9. Only Web Crypto is used
// (globalThis.crypto), which Node 20 and every current browser provide.

import { base64UrlEncode } from '../base64url.js';

/** Requested scope: a refresh token comes back with the access token. */
export const OAUTH_SCOPE = 'offline_access';
/** The only challenge method the server accepts. */
export const CODE_CHALLENGE_METHOD = 'S256';
/** Where the authorize page puts `code`/`state`: URL fragment, query string, or `postMessage`. */
export const RESPONSE_MODES = ['fragment', 'query', 'web_message'] as const;
export type ResponseMode = (typeof RESPONSE_MODES)[number];
/** Login prompts the authorize page understands. */
export type LoginPrompt = 'login' | 'none' | 'consent' | 'select_account';
export const DEFAULT_PROMPT: LoginPrompt = 'login';
/** Popup and iframe flows give up after this long. */
export const OAUTH_FLOW_TIMEOUT_MS = 120_000;
export const OAUTH_FLOW_TIMEOUT_MESSAGE = 'OAuth flow timed out';
export const INVALID_STATE_MESSAGE = 'Invalid _state';
export const MISSING_CODE_OR_STATE_MESSAGE = 'Missing code or _state';
export const CODE_VERIFIER_MIN_LENGTH = 43;
export const CODE_VERIFIER_MAX_LENGTH = 128;
export const CODE_VERIFIER_DEFAULT_LENGTH = 43;

// RFC 7636 §4.1 "unreserved" characters.
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
// Largest multiple of 66 that fits in a byte: bytes at or above it are redrawn so that every character is
// equally likely (a plain `byte % 66` would favour the first 58 characters).
const UNBIASED_LIMIT = 256 - (256 % UNRESERVED.length);

/** Everything the authorization-code flow needs to remember between the redirect and the callback. */
export interface OAuthData {
  redirectUri: string;
  /** Where to send the user after login (your own use; not sent to the server). */
  originalUri: string | undefined;
  codeChallenge: string;
  codeVerifier: string;
  state: string;
}

/** `code`/`state` (or `error`) read from the authorize callback URL. */
export interface AuthorizationResponse {
  code: string | undefined;
  state: string | undefined;
  error: string | undefined;
  errorDescription: string | undefined;
}

/**
 * A random PKCE code verifier from the unreserved alphabet.
 *
 * @param length - 43..128 (default 43); anything else throws a RangeError.
 * @example
 * ```ts
 * createCodeVerifier();    // 43 characters
 * createCodeVerifier(128); // 128 characters
 * ```
 */
export function createCodeVerifier(length: number = CODE_VERIFIER_DEFAULT_LENGTH): string {
  if (!Number.isInteger(length) || length < CODE_VERIFIER_MIN_LENGTH || length > CODE_VERIFIER_MAX_LENGTH) {
    throw new RangeError(
      `PKCE code verifier length must be an integer from ${CODE_VERIFIER_MIN_LENGTH} to ${CODE_VERIFIER_MAX_LENGTH}, got ${length}`,
    );
  }
  let out = '';
  while (out.length < length) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length));
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT && out.length < length) out += UNRESERVED[byte % UNRESERVED.length];
    }
  }
  return out;
}

/**
 * The S256 code challenge: base64url(SHA-256(verifier)) without padding.
 *
 * @example
 * ```ts
 * await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'); // RFC 7636 appendix B
 * // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 * ```
 */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/**
 * Fresh PKCE data for one login: keep it (e.g. in sessionStorage) until the callback arrives.
 *
 * @example
 * ```ts
 * const oauthData = await generateOAuthData('https://shop.example/callback', location.href);
 * sessionStorage.setItem('oauth', JSON.stringify(oauthData));
 * ```
 */
export async function generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData> {
  const codeVerifier = createCodeVerifier();
  return {
    redirectUri,
    originalUri,
    codeVerifier,
    codeChallenge: await createCodeChallenge(codeVerifier),
    state: createCodeVerifier(),
  };
}

/**
 * Reads `code`, `state`, `error` and `error_description` from a callback URL.
 *
 * @param responseMode - `'fragment'` (default) reads `#…`, `'query'` reads `?…`.
 * @example
 * ```ts
 * parseFromUrl('https://shop.example/callback#code=c1&state=s1'); // { code: 'c1', state: 's1', … }
 * parseFromUrl(location.href, 'query');
 * ```
 */
export function parseFromUrl(
  url: string | URL,
  responseMode: Exclude<ResponseMode, 'web_message'> = 'fragment',
): AuthorizationResponse {
  // A base makes relative URLs (e.g. a router's path) parse too.
  const parsed = new URL(url, 'http://localhost');
  const params = responseMode === 'query' ? parsed.searchParams : new URLSearchParams(parsed.hash.slice(1));
  return {
    code: params.get('code') ?? undefined,
    state: params.get('state') ?? undefined,
    error: params.get('error') ?? undefined,
    errorDescription: params.get('error_description') ?? undefined,
  };
}

/**
 * Checks an authorize callback against the stored PKCE data and returns the code to exchange. Throws the
 * server's `error` when it sent one, `Missing code or _state`, or `Invalid _state`.
 *
 * @example
 * ```ts
 * const code = checkAuthorizationResponse(parseFromUrl(location.href), oauthData);
 * ```
 */
export function checkAuthorizationResponse(
  response: Pick<AuthorizationResponse, 'code' | 'state'> & Partial<AuthorizationResponse>,
  oauthData: Pick<OAuthData, 'state'>,
): string {
  if (response.error) {
    throw new Error(
      response.errorDescription ? `${response.error}: ${response.errorDescription}` : response.error,
    );
  }
  if (!response.code || !response.state) throw new Error(MISSING_CODE_OR_STATE_MESSAGE);
  if (response.state !== oauthData.state) throw new Error(INVALID_STATE_MESSAGE);
  return response.code;
}

/**
 * Rejects with `OAuth flow timed out` if `flow` has not settled within `ms` (default 120000), for popup and
 * iframe flows whose window may never answer.
 *
 * @example
 * ```ts
 * const { code, state } = await withOAuthTimeout(waitForPopupMessage(popup));
 * ```
 */
export function withOAuthTimeout<T>(flow: Promise<T>, ms: number = OAUTH_FLOW_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(OAUTH_FLOW_TIMEOUT_MESSAGE)), ms);
  });
  return Promise.race([flow, timeout]).finally(() => clearTimeout(timer));
}
