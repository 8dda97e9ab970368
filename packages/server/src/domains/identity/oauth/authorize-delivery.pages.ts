import type { OAuthClient } from '../identity.schema.js';
import type { BrowserReply } from './authorize.pages.js';
import { oauthErrorPage, unregisteredRedirectPage, webMessagePage } from './authorize.pages.js';
import { messageOrigins } from './oauth-clients.service.js';
import { isRegisteredRedirectUri } from './redirect-uris.rules.js';

/**
 * Sends an authorize result (a code, or an OAuth error) back to the app the way its request asked:
 * in the redirect URI's query or fragment, or by postMessage to its origins (web_message). Every result
 * leaves through here, so the redirect URI is checked here too: a request that waited for consent while
 * the owner changed the app's redirect URIs is not delivered to one that is no longer registered.
 */
export function deliverResult(
  client: OAuthClient,
  mode: string,
  redirectUri: string | undefined,
  result: Record<string, string | undefined>,
): BrowserReply {
  if (redirectUri !== undefined && !isRegisteredRedirectUri(client, redirectUri)) {
    return unregisteredRedirectPage();
  }
  const entries = Object.entries(result).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (mode === 'web_message') {
    const origins = redirectUri ? [new URL(redirectUri).origin] : messageOrigins(client);
    if (origins.length === 0)
      return oauthErrorPage('Cannot sign in', 'This app has no allowed origins to send the result to.');
    return webMessagePage(origins, Object.fromEntries(entries));
  }
  const target = new URL(redirectUri as string);
  const params = new URLSearchParams(entries);
  if (mode === 'fragment') target.hash = params.toString();
  else for (const [key, value] of entries) target.searchParams.set(key, value);
  return { redirect: target.toString() };
}
