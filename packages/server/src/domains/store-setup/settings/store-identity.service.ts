import { eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client.js';
import { Violations } from '../../../lib/http/violations.js';
import { VersionedCache } from '../../../lib/versioned-cache.js';
import { getMediaFiles, mediaPath } from '../../media/index.js';
import { storeSettings } from '../store-setup.schema.js';
import { ensureRow, STORE_SETTINGS_ID } from './settings.service.js';

/** NOTIFY channel every server process listens on to read the store's identity again (sent on commit). */
const STORE_SETTINGS_CHANNEL = 'openshelf_store_settings_changed';

/**
 * Who the store is to its shoppers: its name (page titles, the shop's header, e-mails), its logo and the
 * address shoppers may write to (e-mails' Reply-To). Kept in the settings row; until the owner sets them
 * the name is STORE_NAME from the environment, and there is no logo or contact address.
 */
export interface StoreIdentity {
  storeName: string;
  /** Whether the name is the owner's (false: STORE_NAME, the default). */
  storeNameSet: boolean;
  contactEmail?: string;
  /** A public image of the media library; `url` is its path under /media. */
  logo?: { mediaId: string; url: string; width?: number; height?: number };
}

/** A change; `null` goes back to the default (no logo, no contact address, STORE_NAME). */
export interface StoreIdentityPatch {
  storeName?: string | null;
  contactEmail?: string | null;
  logoMediaId?: string | null;
}

// The same rule the settings API's schema states (RFC 5321 length, one @, a dot in the domain).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads without creating the settings row: a store nobody has set up yet must still look untouched
 * (the demo set-up runs only then), even though every page and e-mail asks for its name.
 */
export async function getStoreIdentity(db: DbOrTx, defaultName: string): Promise<StoreIdentity> {
  const [row] = await db
    .select({
      storeName: storeSettings.storeName,
      contactEmail: storeSettings.contactEmail,
      logoMediaId: storeSettings.logoMediaId,
    })
    .from(storeSettings)
    .where(eq(storeSettings.id, STORE_SETTINGS_ID));
  if (!row) return { storeName: defaultName, storeNameSet: false };
  const [logo] = row.logoMediaId ? await getMediaFiles(db, [row.logoMediaId]) : [];
  return {
    storeName: row.storeName ?? defaultName,
    storeNameSet: row.storeName !== null,
    ...(row.contactEmail ? { contactEmail: row.contactEmail } : {}),
    ...(logo?.visibility === 'public'
      ? {
          logo: {
            mediaId: logo.id,
            url: mediaPath(logo),
            ...(logo.width !== null ? { width: logo.width } : {}),
            ...(logo.height !== null ? { height: logo.height } : {}),
          },
        }
      : {}),
  };
}

/** Checks and stores a change of name, logo or contact address; every problem is reported at once. */
export async function updateStoreIdentity(db: DbOrTx, patch: StoreIdentityPatch): Promise<void> {
  const violations = new Violations();
  const name =
    typeof patch.storeName === 'string' ? patch.storeName.trim().replace(/\s+/g, ' ') : patch.storeName;
  if (name === '') {
    violations.push({
      field: 'settings.storeName',
      violatedRule: 'MIN_LENGTH',
      description: 'must not be empty; send null to go back to STORE_NAME',
      data: { threshold: 1 },
    });
  }
  const email = typeof patch.contactEmail === 'string' ? patch.contactEmail.trim() : patch.contactEmail;
  if (typeof email === 'string' && (!EMAIL.test(email) || email.length > 254)) {
    violations.push({
      field: 'settings.contactEmail',
      violatedRule: 'FORMAT',
      description: 'must be an e-mail address, like hello@shop.example',
      data: { format: 'email' },
    });
  }
  if (typeof patch.logoMediaId === 'string') {
    const [file] = await getMediaFiles(db, [patch.logoMediaId]);
    if (file?.mediaType !== 'image' || file.visibility !== 'public') {
      violations.push({
        field: 'settings.logoMediaId',
        violatedRule: 'VALIDATION',
        description: 'must be a public image of the media library; upload the logo first',
      });
    }
  }
  violations.throwIfAny();
  await ensureRow(db);
  await db.execute(sql`SELECT pg_notify(${STORE_SETTINGS_CHANNEL}, '')`);
  await db
    .update(storeSettings)
    .set({
      ...(name !== undefined ? { storeName: name } : {}),
      ...(email !== undefined ? { contactEmail: email } : {}),
      ...(patch.logoMediaId !== undefined ? { logoMediaId: patch.logoMediaId } : {}),
      updatedDate: new Date(),
    })
    .where(eq(storeSettings.id, STORE_SETTINGS_ID));
}

/**
 * The store identity as every page and e-mail reads it: from memory, read again after a change made
 * through this process (at once) or another process (on its NOTIFY; within `ttlMs` should one be missed).
 */
export class StoreIdentityCache {
  readonly #cache: VersionedCache<StoreIdentity>;

  constructor(
    private readonly db: DbOrTx,
    private readonly defaultName: string,
    ttlMs = 30_000,
  ) {
    this.#cache = new VersionedCache({ ttlMs, maxEntries: 1 });
  }

  #latest: StoreIdentity | undefined;

  async current(): Promise<StoreIdentity> {
    const cached = this.#cache.get('store');
    if (cached) return cached;
    const version = this.#cache.version;
    // With the database out of reach, pages still name the store as last read (their data says the rest).
    const identity = await getStoreIdentity(this.db, this.defaultName).catch((error: unknown) => {
      if (this.#latest) return this.#latest;
      throw error;
    });
    this.#cache.set('store', identity, version);
    this.#latest = identity;
    return identity;
  }

  /**
   * For callers that cannot wait (a generated document's title): the identity last read, refreshed in
   * the background when it has expired; STORE_NAME before the first read.
   */
  latest(): StoreIdentity {
    if (!this.#cache.get('store')) void this.current().catch(() => undefined);
    return this.#latest ?? { storeName: this.defaultName, storeNameSet: false };
  }

  readonly #listeners = new Set<() => void>();

  /** Called after every change of the identity (this process's at once, others' on their commit). */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Follows changes made by other processes; resolves to an unsubscribe. */
  watch(database: Pick<Database, 'listen'>): Promise<() => Promise<void>> {
    return database.listen(STORE_SETTINGS_CHANNEL, () => this.changed());
  }

  /** The identity changed (call after the commit): read it again, and tell the subscribers. */
  changed(): void {
    this.#cache.invalidate();
    for (const listener of this.#listeners) listener();
  }
}
