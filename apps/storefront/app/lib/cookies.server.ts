// Every cookie the storefront and the admin set, and their attributes, in one place (docs/security.md,
// "Cookies"). The API server sets none: apps hold their own tokens.
//
// - HttpOnly, all of them: each holds a credential or a sign-in step, and no page script needs to read
//   one (the pages talk to their own loaders and actions, which read the cookies on the server).
// - Secure when the store is served over https (PUBLIC_URL, or the request itself arrived over https).
// - SameSite=Lax for the shop: an app sends shoppers here by top-level navigation (hosted pages, its
//   login), which Lax allows, while other sites' form posts and subresource requests carry no cookie.
//   Strict for the admin: its session is never needed on arrival from another site (the login page
//   follows, and its form is same-site).
// - Path: `/admin` for the admin session. The shop's cookies need `/`: the session serves every page,
//   and the sign-in cookies are read by pages whose client-side data requests go to `/verify-email.data`
//   or `/login.data`, paths that a cookie scoped to `/verify-email` would not be sent to.

export type SameSite = 'Lax' | 'Strict';

export interface CookieSpec {
  name: string;
  path: string;
  sameSite: SameSite;
  /** Lifetime in seconds. */
  maxAge: number;
}

/** The shopper's visitor or member tokens (the API's refresh token lives as long: REFRESH_TOKEN_TTL_DAYS). */
export const SESSION_COOKIE: CookieSpec = {
  name: 'os_session',
  path: '/',
  sameSite: 'Lax',
  maxAge: 90 * 24 * 60 * 60,
};

/** A sign-up or login waiting for its e-mailed code or second factor (the API's state token lives 15 min). */
export const VERIFY_COOKIE: CookieSpec = {
  name: 'os_verify',
  path: '/',
  sameSite: 'Lax',
  maxAge: 15 * 60,
};

/** A remembered device ("remember this device" skips the second factor): the API's 30 days. */
export const DEVICE_COOKIE: CookieSpec = {
  name: 'os_device',
  path: '/',
  sameSite: 'Lax',
  maxAge: 30 * 24 * 60 * 60,
};

/** The admin's staff session; its lifetime is the staff token's (given at login). */
export const ADMIN_COOKIE: Omit<CookieSpec, 'maxAge'> = {
  name: 'openshelf_admin',
  path: '/admin',
  sameSite: 'Strict',
};

/** Whether cookies must be Secure: PUBLIC_URL is https, or this request came over https. */
export function isSecureSite(publicUrl: string, request?: Request): boolean {
  return publicUrl.startsWith('https:') || (request ? new URL(request.url).protocol === 'https:' : false);
}

/** The `Set-Cookie` attributes of a cookie (everything after `name=value; `). */
export function cookieAttributes(spec: CookieSpec, secure: boolean): string {
  return `Path=${spec.path}; HttpOnly; SameSite=${spec.sameSite}${secure ? '; Secure' : ''}; Max-Age=${spec.maxAge}`;
}

/** A `Set-Cookie` value; `undefined` deletes the cookie (same attributes, so the browser replaces it). */
export function setCookie(spec: CookieSpec, value: string | undefined, secure: boolean): string {
  const attributes = cookieAttributes(spec, secure);
  return value === undefined
    ? `${spec.name}=; ${attributes.replace(/Max-Age=\d+$/, 'Max-Age=0')}`
    : `${spec.name}=${value}; ${attributes}`;
}
