import type { OAuthClient } from '../identity.schema.js';

/*
 * Where this store may send a browser on behalf of an OAuth client, and what a client may register
 * (ADR 029). Two kinds of destination, as on the platform the protocol comes from:
 * - a login redirect carries an authorization code: only a registered redirect URI, compared as a plain
 *   string (RFC 9700 §4.1.3, OAuth 2.1), the loopback port excepted (RFC 8252 §7.3);
 * - a navigation (post-flow, post-logout, cart, thank-you, checkout override) carries nothing secret: it
 *   may be on this store, a registered redirect URI, or any URL on one of the client's allowed origins.
 */

/**
 * May an authorization code be sent to `uri` for this client? Exactly a registered redirect URI; an
 * `http://127.0.0.1` or `http://[::1]` one on any port (native apps listen on an ephemeral port); or, for
 * a client that opted in to the weaker matching, any http(s) URL without a fragment on an allowed origin.
 */
export function isRegisteredRedirectUri(client: OAuthClient, uri: string): boolean {
  if (client.redirectUris.includes(uri)) return true;
  const portless = withoutLoopbackPort(uri);
  if (
    portless !== undefined &&
    client.redirectUris.some((registered) => withoutLoopbackPort(registered) === portless)
  )
    return true;
  return client.allowAnyRedirectPathOnAllowedOrigins && !uri.includes('#') && isOnAllowedOrigin(client, uri);
}

/**
 * May a browser be sent to `url` (no code or token in it) for this client, or for no client? This store's
 * own origin always; with a client, one of its redirect URIs exactly or any URL on one of its allowed
 * origins. The one check for every such URL, so that every flow accepts and refuses the same ones.
 */
export function isAllowedReturnUrl(publicUrl: string, client: OAuthClient | undefined, url: string): boolean {
  if (isOnOrigin(url, [new URL(publicUrl).origin])) return true;
  return Boolean(client && (client.redirectUris.includes(url) || isOnAllowedOrigin(client, url)));
}

export function isOnAllowedOrigin(client: OAuthClient, url: string): boolean {
  return isOnOrigin(url, client.allowedOrigins);
}

function isOnOrigin(url: string, origins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  return origins.includes(parsed.origin);
}

/** `uri` without its port when it is a loopback IP literal URI (RFC 8252 §7.3), else undefined. */
function withoutLoopbackPort(uri: string): string | undefined {
  const match = /^http:\/\/(127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?(?=[/?]|$)/.exec(uri);
  if (!match) return undefined;
  if (match[2] !== undefined && Number(match[2]) > 65_535) return undefined;
  return `http://${match[1]}${uri.slice(match[0].length)}`;
}

/** What registration needs to know about the store: plain-http stores accept plain-http apps. */
export interface RegistrationRules {
  /** The store's PUBLIC_URL. */
  publicUrl: string;
}

/**
 * Why a redirect URI cannot be registered, or undefined. An absolute URI without a fragment (RFC 6749
 * §3.1.2); https, except loopback hosts (RFC 8252 §7.3) and stores that are themselves served over plain
 * http (TLS on the app's side protects nothing there); or a private-use scheme of a native app
 * (`com.example.app:/callback`, RFC 8252 §7.1), but never one a browser runs or reads locally.
 */
export function redirectUriProblem(uri: string, rules: RegistrationRules): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return 'must be an absolute URL such as https://shop.example/callback or com.example.app:/callback';
  }
  // An empty fragment ("…/cb#") parses to no hash at all: look at the text.
  if (uri.includes('#')) return 'must not contain a fragment (#…)';
  if (BROWSER_SCHEMES.includes(parsed.protocol)) return 'uses a scheme that is not allowed';
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return webUrlProblem(parsed, rules);
  return undefined;
}

/** Why an allowed origin cannot be registered, or undefined. */
export function originProblem(origin: string, rules: RegistrationRules): string | undefined {
  const shape = 'must be an origin such as https://shop.example (scheme, host and optional port only)';
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return shape;
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== origin) return shape;
  return webUrlProblem(parsed, rules);
}

const BROWSER_SCHEMES = ['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:'];

function webUrlProblem(url: URL, rules: RegistrationRules): string | undefined {
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.protocol === 'https:' || isLoopbackHost(url.hostname)) return undefined;
  if (new URL(rules.publicUrl).protocol === 'http:') return undefined;
  return 'must use https (http only on loopback: 127.0.0.1, [::1], localhost)';
}

function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}
