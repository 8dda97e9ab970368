import { isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { oauthClients } from '../identity.schema.js';

/**
 * Every http(s) origin an enabled OAuth client registered (its allowed origins and its redirect URIs'
 * origins): the places a hosted page may send the browser after a form post, so the pages' CSP
 * form-action lists them (http/security-headers.ts). Read per page, not cached: a client registered
 * from the CLI (another process) works at once.
 */
export async function registeredAppOrigins(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ redirectUris: oauthClients.redirectUris, allowedOrigins: oauthClients.allowedOrigins })
    .from(oauthClients)
    .where(isNull(oauthClients.disabledDate));
  const origins = new Set<string>();
  for (const row of rows) {
    for (const url of [...row.allowedOrigins, ...row.redirectUris]) {
      const origin = httpOrigin(url);
      if (origin) origins.add(origin);
    }
  }
  return [...origins].sort();
}

function httpOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    // A loopback redirect URI may come back on any port (RFC 8252 §7.3, redirect-uris.ts): so may the form.
    if (parsed.hostname === '127.0.0.1' || parsed.hostname === '[::1]')
      return `${parsed.protocol}//${parsed.hostname}:*`;
    return parsed.origin;
  } catch {
    return undefined;
  }
}
