// How an authorization code reaches the SDK: in a browser, a hidden iframe that receives it by
// `postMessage` (response_mode=web_message, direct login after a password login) or a popup that ends on
// the client's own redirect URI (same origin, so its URL can be read), both giving up after 120000 ms; on a
// server, the authorize redirect read directly.

import type { FetchLike } from '../transport.js';
import { type AuthorizationResponse, parseFromUrl, withOAuthTimeout } from './pkce.js';

const POPUP_POLL_MS = 250;

/**
 * Loads `authUrl` in a hidden iframe and resolves with the `{code, state}` its page posts back for `state`.
 *
 * @example
 * ```ts
 * const { code } = await codeFromIframe(authUrl, oauthData.state, new URL(baseUrl).origin);
 * ```
 */
export function codeFromIframe(
  authUrl: string,
  state: string,
  serverOrigin: string,
  timeoutMs?: number,
): Promise<AuthorizationResponse> {
  const iframe = document.createElement('iframe');
  iframe.style.display = 'none';
  let onMessage: ((event: MessageEvent) => void) | undefined;
  const received = new Promise<AuthorizationResponse>((resolve) => {
    onMessage = (event) => {
      const data = event.data as Partial<Record<'code' | 'state' | 'error' | 'error_description', string>>;
      // Only the server's own page may answer, and only for this login.
      if (event.origin !== serverOrigin || typeof data !== 'object' || data?.state !== state) return;
      resolve({
        code: data.code,
        state: data.state,
        error: data.error,
        errorDescription: data.error_description,
      });
    };
    window.addEventListener('message', onMessage);
  });
  iframe.src = authUrl;
  document.body.appendChild(iframe);
  return withOAuthTimeout(received, timeoutMs).finally(() => {
    if (onMessage) window.removeEventListener('message', onMessage);
    iframe.remove();
  });
}

/**
 * Opens `authUrl` in a popup and resolves with the `code`/`state` of the URL it finally lands on, which must
 * start with `redirectUri` (same origin as this page). Rejects when the popup is blocked or closed.
 *
 * @example
 * ```ts
 * const response = await codeFromPopup(authUrl, 'https://shop.example/callback', 'query');
 * ```
 */
export function codeFromPopup(
  authUrl: string,
  redirectUri: string,
  responseMode: 'query' | 'fragment',
  timeoutMs?: number,
): Promise<AuthorizationResponse> {
  const popup = window.open(authUrl, 'openshelf-login', 'width=480,height=680');
  if (!popup) {
    return Promise.reject(new Error('The login popup was blocked: call loginWithPopup from a click handler'));
  }
  let timer: ReturnType<typeof setInterval> | undefined;
  const landed = new Promise<AuthorizationResponse>((resolve, reject) => {
    timer = setInterval(() => {
      if (popup.closed) {
        reject(new Error('The login popup was closed before the login finished'));
        return;
      }
      let href: string;
      try {
        href = popup.location.href;
      } catch {
        return; // Still on the server's pages (another origin): keep waiting.
      }
      if (href.startsWith(redirectUri)) resolve(parseFromUrl(href, responseMode));
    }, POPUP_POLL_MS);
  });
  return withOAuthTimeout(landed, timeoutMs).finally(() => {
    clearInterval(timer);
    popup.close();
  });
}

/** True in a browser page (not in Node, not in a worker without a document). */
export function inBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

/**
 * Requests the authorize URL on the API's own `baseUrl` (so an in-process fetch works during SSR) without
 * following redirects, and reads the code from the redirect to `redirectUri`.
 *
 * @example
 * ```ts
 * const response = await codeFromRedirect(fetch, 'http://127.0.0.1:3000', authUrl, 'https://shop.example/callback');
 * ```
 */
export async function codeFromRedirect(
  doFetch: FetchLike,
  baseUrl: string,
  authUrl: string,
  redirectUri: string,
): Promise<AuthorizationResponse> {
  const url = new URL(authUrl);
  const response = await doFetch(baseUrl.replace(/\/+$/, '') + url.pathname + url.search, {
    redirect: 'manual',
    headers: { Accept: 'text/html' },
  });
  const location = response.headers.get('location');
  if (!location?.startsWith(redirectUri)) {
    throw new Error(
      `Direct login failed: the authorize endpoint answered HTTP ${response.status} without a redirect to ${redirectUri}. Log in again (session tokens work once, for 5 minutes) and check that this redirect URI is registered for the client.`,
    );
  }
  return parseFromUrl(location, 'query');
}
