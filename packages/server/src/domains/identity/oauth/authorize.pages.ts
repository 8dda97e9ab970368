import { randomBytes } from 'node:crypto';
import { escapeHtml, htmlPage } from '../../../lib/html.js';

/** HTML the OAuth endpoints answer browsers with. Nothing here reads request input unescaped. */

export interface HtmlReply {
  status: number;
  html: string;
  csp: string;
}

/** What the authorize endpoint does with the browser: a redirect, or a page. */
export type BrowserReply = { redirect: string } | HtmlReply;

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

/**
 * A redirect_uri that is not registered for the app (RFC 6749 §4.1.2.1: tell the person, never redirect
 * there). Exact matching catches apps that send another path of their site, so say what to register.
 */
export function unregisteredRedirectPage(): HtmlReply {
  return oauthErrorPage(
    'Cannot sign in',
    'The redirect_uri is not registered for this app, so this store will not send you there. ' +
      'Redirect URIs are compared exactly: the app must send one of the URIs registered for it, character for character.',
  );
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

/** What each scope an app may ask for lets it do, in the member's words. */
const SCOPE_WORDS: Record<string, string> = {
  offline_access: 'Keep you signed in until you log out of it',
  openid: 'Know your member id',
};

/**
 * prompt=consent: what the app asks for, and an explicit choice. The form posts back to this server
 * (and may be followed to the app's redirect URI, so form-action allows that origin too); the page may
 * not be framed, so no other site can overlay a click on "Allow".
 */
export function consentPage(input: {
  appName: string;
  storeName: string;
  email: string;
  scopes: string[];
  consentToken: string;
  redirectOrigin?: string;
}): HtmlReply {
  const items = [
    `Sign you in as <strong>${escapeHtml(input.email)}</strong> and see your ${escapeHtml(input.storeName)} account`,
    ...input.scopes.flatMap((scope) => (SCOPE_WORDS[scope] ? [escapeHtml(SCOPE_WORDS[scope])] : [])),
  ];
  const button = (value: string, label: string, primary: boolean) =>
    `<button type="submit" name="decision" value="${value}" style="font:inherit;padding:.6rem 1.2rem;margin-right:.5rem;border-radius:6px;border:1px solid #1a1a1a;${primary ? 'background:#1a1a1a;color:#fff' : 'background:#fff;color:#1a1a1a'}">${label}</button>`;
  const body =
    `<main><h1>${escapeHtml(input.appName)} wants to use your account</h1>` +
    `<p>If you allow it, ${escapeHtml(input.appName)} can:</p><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>` +
    `<form method="post" action="/oauth2/consent"><input type="hidden" name="consent_token" value="${escapeHtml(input.consentToken)}">` +
    `${button('approve', 'Allow', true)}${button('deny', 'Deny', false)}</form>` +
    `<p style="font-size:14px;color:#555">Only allow apps you trust. Denying sends you back to ${escapeHtml(input.appName)} without signing in.</p></main>`;
  return {
    status: 200,
    html: htmlPage(`Allow ${input.appName}?`, body),
    csp: `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${input.redirectOrigin ? ` ${input.redirectOrigin}` : ''}; frame-ancestors 'none'`,
  };
}
