import { isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client.js';
import { VersionedCache } from '../../../lib/versioned-cache.js';
import { oauthClients } from '../identity.schema.js';

/** NOTIFY channel every server process listens on to read the apps' origins again (sent on commit). */
const OAUTH_CLIENTS_CHANNEL = 'openshelf_oauth_clients_changed';

/** Tells every process (this one too) that the OAuth clients changed; delivered when `db`'s work commits. */
export async function notifyOAuthClientsChanged(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${OAUTH_CLIENTS_CHANNEL}, '')`);
}

/**
 * Every http(s) origin an enabled OAuth client registered (its allowed origins and its redirect URIs'
 * origins): the places a hosted page may send the browser after a form post, so the pages' CSP
 * form-action lists them (http/security-headers.ts). Pages read them through {@link AppOriginsCache}.
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
    // A loopback redirect URI may come back on any port (RFC 8252 §7.3, redirect-uris.rules.ts): so may the form.
    if (parsed.hostname === '127.0.0.1' || parsed.hostname === '[::1]')
      return `${parsed.protocol}//${parsed.hostname}:*`;
    return parsed.origin;
  } catch {
    return undefined;
  }
}

/**
 * The apps' origins as every page's CSP reads them: from memory, read again after any process changes
 * an OAuth client (the NOTIFY sent in the change's transaction, which reaches this process too; within
 * `ttlMs` should one be missed). It was one statement per rendered page.
 */
export class AppOriginsCache {
  readonly #cache: VersionedCache<string[]>;

  constructor(
    private readonly db: DbOrTx,
    ttlMs = 30_000,
  ) {
    this.#cache = new VersionedCache({ ttlMs, maxEntries: 1 });
  }

  async current(): Promise<readonly string[]> {
    const cached = this.#cache.get('origins');
    if (cached) return cached;
    const version = this.#cache.version;
    let origins: string[];
    try {
      origins = await registeredAppOrigins(this.db);
    } catch {
      // With the database out of reach, a page keeps the origins last read (none before the first read:
      // its forms may then post to this store only), rather than fail; nothing is kept of it.
      return this.#last ?? [];
    }
    this.#cache.set('origins', origins, version);
    this.#last = origins;
    return origins;
  }

  #last: string[] | undefined;

  /** Follows changes of every process, this one's included; resolves to an unsubscribe. */
  watch(database: Pick<Database, 'listen'>): Promise<() => Promise<void>> {
    return database.listen(OAUTH_CLIENTS_CHANNEL, () => this.changed());
  }

  changed(): void {
    this.#cache.invalidate();
  }
}
