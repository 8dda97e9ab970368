// Tokens in a cookie, so that the server renderer and the browser share one session: the renderer builds a
// client per request over the request's cookie (and sets it on the response); the browser's client reads
// the same cookie through `document.cookie`. The cookie value is compact and needs no further escaping.

import { isRole, isTokens, type TokenStore, type Tokens } from './token-storage.js';

const VERSION = 'v1';
const SEPARATOR = '|';

/** One cookie's value, however the platform reads and writes it. */
export interface CookieAccess {
  read(): string | undefined;
  /** `undefined` deletes the cookie. */
  write(value: string | undefined): void;
}

/**
 * A token pair as a cookie value: `v1|role|expiresAt|access|refresh`, each part percent-encoded (so `|`, `;`,
 * `,` and spaces never appear raw). About 700 bytes with the server's JWTs, well under the 4 KB cookie limit.
 *
 * @example
 * ```ts
 * response.headers.append('Set-Cookie', `os_tokens=${serializeTokens(tokens)}; Path=/; SameSite=Lax`);
 * ```
 */
export function serializeTokens(tokens: Tokens): string {
  return [
    VERSION,
    tokens.refreshToken.role,
    String(tokens.accessToken.expiresAt),
    tokens.accessToken.value,
    tokens.refreshToken.value,
  ]
    .map(encodeURIComponent)
    .join(SEPARATOR);
}

/**
 * Reads a value written by {@link serializeTokens} (or the JSON form of `Tokens`); anything else, including
 * a tampered or truncated cookie, is `undefined` (the client then starts a new visitor).
 *
 * @example
 * ```ts
 * const tokens = parseTokens(cookies.get('os_tokens'));
 * ```
 */
export function parseTokens(value: string | null | undefined): Tokens | undefined {
  if (!value) return undefined;
  try {
    if (value.startsWith('{')) {
      const parsed: unknown = JSON.parse(value);
      return isTokens(parsed) ? parsed : undefined;
    }
    const parts = value.split(SEPARATOR).map(decodeURIComponent);
    const [version, role, expiresAt, access, refresh] = parts;
    const expiry = Number(expiresAt);
    if (parts.length !== 5 || version !== VERSION || !isRole(role) || !Number.isFinite(expiry))
      return undefined;
    if (!access || !refresh) return undefined;
    return { accessToken: { value: access, expiresAt: expiry }, refreshToken: { value: refresh, role } };
  } catch {
    return undefined; // Malformed percent-encoding.
  }
}

/**
 * A token store over one cookie. On the server, read the request's cookie and collect what to set on the
 * response; in the browser use {@link documentCookie}.
 *
 * @example
 * ```ts
 * // React Router loader: one client per request, tokens kept in the `os_tokens` cookie.
 * let setCookie: string | undefined;
 * const storage = cookieStorage({
 *   read: () => readCookie(request.headers.get('Cookie'), 'os_tokens'),
 *   write: (value) => { setCookie = value === undefined ? 'os_tokens=; Path=/; SameSite=Lax; Max-Age=0' : `os_tokens=${value}; Path=/; SameSite=Lax`; },
 * });
 * const client = createClient({ baseUrl, clientId, fetch: apiFetch, storage });
 * ```
 */
export function cookieStorage(cookie: CookieAccess): TokenStore {
  // After a write, our own value wins: on the server `read()` still sees the request's (older) cookie.
  let written: { tokens: Tokens | undefined } | undefined;
  return {
    get: () => (written ? written.tokens : parseTokens(cookie.read())),
    set: (tokens) => {
      written = { tokens };
      cookie.write(serializeTokens(tokens));
    },
    clear: () => {
      written = { tokens: undefined };
      cookie.write(undefined);
    },
  };
}

const DEFAULT_ATTRIBUTES = 'Path=/; SameSite=Lax; Max-Age=7776000';

/**
 * The value of cookie `name` in a `Cookie` header (or `document.cookie`), or `undefined`.
 *
 * @example
 * ```ts
 * readCookie('theme=dark; os_tokens=v1|visitor|…', 'os_tokens'); // 'v1|visitor|…'
 * ```
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** A {@link CookieAccess} over one SSR request, which also says what to send back. */
export interface RequestCookie extends CookieAccess {
  /** The `Set-Cookie` header value to add to the response, or `undefined` when the tokens did not change. */
  setCookie(): string | undefined;
}

/**
 * The token cookie of one server request: reads the request's `Cookie` header and records the `Set-Cookie`
 * the response needs (new visitor, refreshed or member tokens, logout).
 *
 * @example
 * ```ts
 * const cookie = requestCookie(request.headers.get('Cookie'), 'os_tokens', 'Path=/; SameSite=Lax; Secure; Max-Age=7776000');
 * const client = createClient({ baseUrl, clientId, fetch: apiFetch, storage: cookieStorage(cookie) });
 * const data = await client.products.query().find();
 * const setCookie = cookie.setCookie();
 * return data(result, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
 * ```
 */
export function requestCookie(
  cookieHeader: string | null | undefined,
  name: string,
  attributes = DEFAULT_ATTRIBUTES,
): RequestCookie {
  let pending: string | undefined;
  return {
    read: () => readCookie(cookieHeader, name),
    write: (value) => {
      pending = cookieString(name, value, attributes);
    },
    setCookie: () => pending,
  };
}

/**
 * `document.cookie` as a {@link CookieAccess} (browsers). Such a cookie is readable by page scripts; keep
 * the default `SameSite=Lax`, and add `Secure` on HTTPS sites.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl: location.origin, clientId, storage: cookieStorage(documentCookie('os_tokens')) });
 * ```
 */
export function documentCookie(
  name: string,
  attributes = DEFAULT_ATTRIBUTES,
  doc: Pick<Document, 'cookie'> = globalThis.document,
): CookieAccess {
  return {
    read: () => readCookie(doc.cookie, name),
    write: (value) => {
      doc.cookie = cookieString(name, value, attributes);
    },
  };
}

function cookieString(name: string, value: string | undefined, attributes: string): string {
  if (value !== undefined) return `${name}=${value}; ${attributes}`;
  // The deletion carries the cookie's own attributes: a browser replaces a cookie only at the same Path,
  // and a Secure or HttpOnly cookie keeps being one until it is gone. Only its lifetime changes.
  const kept = attributes
    .split(';')
    .map((attribute) => attribute.trim())
    .filter((attribute) => attribute !== '' && !/^(max-age|expires)=/i.test(attribute));
  return [`${name}=`, ...kept, 'Max-Age=0'].join('; ');
}
