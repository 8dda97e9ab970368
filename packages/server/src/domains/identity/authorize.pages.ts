import { randomBytes } from 'node:crypto';
import { escapeHtml, htmlPage } from '../../lib/html.js';

/** HTML the OAuth endpoints answer browsers with. Nothing here reads request input unescaped. */

export interface HtmlReply {
  status: number;
  html: string;
  csp: string;
}

/** An authorize/logout problem: shown here, never redirected to an unverified URI. */
export function oauthErrorPage(title: string, message: string): HtmlReply {
  return {
    status: 400,
    html: htmlPage(
      title,
      `<div class="error"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`,
    ),
    csp: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  };
}

export function loggedOutPage(storeName: string): HtmlReply {
  return {
    status: 200,
    html: htmlPage(
      'Logged out',
      `<h1>You are logged out</h1><p>You can close this page or return to ${escapeHtml(storeName)}.</p>`,
    ),
    csp: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  };
}

/**
 * response_mode=web_message: the page runs in a hidden iframe of the client's site and posts the result
 * to its parent. It posts once per allowed origin (the browser delivers only to the matching one), may
 * be framed by those origins only, and runs only its own nonce'd script.
 */
export function webMessagePage(origins: readonly string[], message: Record<string, string>): HtmlReply {
  const nonce = randomBytes(16).toString('base64');
  // JSON in a script: escape "<" so that no value can close the script element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const script =
    `(function(){var m=${json(message)};var o=${json(origins)};` +
    'for(var i=0;i<o.length;i++){try{window.parent.postMessage(m,o[i]);}catch(e){}}})();';
  return {
    status: 200,
    html: htmlPage('Signing in…', `<p>Signing in…</p><script nonce="${nonce}">${script}</script>`),
    csp: `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; frame-ancestors ${origins.join(' ')}`,
  };
}
