import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client.js';
import { VersionedCache } from '../../../lib/versioned-cache.js';
import { type CardProviderChoice, storeSettings } from '../store-setup.schema.js';
import { STORE_SETTINGS_ID } from './settings.service.js';

/** NOTIFY channel every server process listens on to read the currency and card provider again. */
export const STORE_COMMERCE_CHANNEL = 'openshelf_store_commerce_changed';

/**
 * What the store sells in and who takes its cards, as set in the admin. Until the owner sets them the
 * currency is STORE_CURRENCY and the card provider follows the environment (Stripe when its keys are
 * there, else the sandbox).
 */
export interface StoreCommerce {
  currency: string;
  /** Whether the currency is the owner's choice (false: STORE_CURRENCY). */
  currencySet: boolean;
  /** The owner's choice; undefined: the environment decides. */
  cardProvider?: CardProviderChoice;
}

/** Reads without creating the settings row (an untouched store must stay untouched, as for the identity). */
export async function getStoreCommerce(db: DbOrTx, defaultCurrency: string): Promise<StoreCommerce> {
  const [row] = await db
    .select({ currency: storeSettings.currency, cardProvider: storeSettings.cardProvider })
    .from(storeSettings)
    .where(eq(storeSettings.id, STORE_SETTINGS_ID));
  return {
    currency: row?.currency ?? defaultCurrency,
    currencySet: Boolean(row?.currency),
    ...(row?.cardProvider ? { cardProvider: row.cardProvider } : {}),
  };
}

/**
 * The currency and card provider as every request reads them: from memory, read again after a change
 * made through this process (before its reply) or another process (on its NOTIFY; within `ttlMs`
 * should one be missed). Prices, carts and checkouts read the currency synchronously, deep in pure
 * code, so `latest()` is kept warm: the first read happens before the app serves, and every change
 * reads again at once.
 */
export class StoreCommerceCache {
  readonly #cache: VersionedCache<StoreCommerce>;
  #latest: StoreCommerce | undefined;
  /** Reads are numbered as they start: `#latest` is the one that started last among those that ended. */
  #readsStarted = 0;
  #latestStarted = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly defaultCurrency: string,
    ttlMs = 30_000,
  ) {
    this.#cache = new VersionedCache({ ttlMs, maxEntries: 1 });
  }

  async current(): Promise<StoreCommerce> {
    const cached = this.#cache.get('store');
    if (cached) return cached;
    const version = this.#cache.version;
    const started = ++this.#readsStarted;
    // With the database out of reach, the store keeps selling in what it last read.
    const commerce = await getStoreCommerce(this.db, this.defaultCurrency).catch((error: unknown) => {
      if (this.#latest) return this.#latest;
      throw error;
    });
    this.#cache.set('store', commerce, version);
    // A read that started later saw at least as much: one that started earlier (before a commit) and
    // ends after it must not put the old value back. Newer invalidations do not hold this one back, so
    // a change's own read is what `latest()` gives as soon as it ends.
    if (started > this.#latestStarted) {
      this.#latest = commerce;
      this.#latestStarted = started;
    }
    return commerce;
  }

  /** The last read; refreshed in the background once expired; the environment's defaults before any read. */
  latest(): StoreCommerce {
    if (!this.#cache.get('store')) void this.current().catch(() => undefined);
    return this.#latest ?? { currency: this.defaultCurrency, currencySet: false };
  }

  /** The store currency as prices read it (ISO 4217). */
  currency(): string {
    return this.latest().currency;
  }

  /** Follows changes made by other processes; resolves to an unsubscribe. */
  watch(database: Pick<Database, 'listen'>): Promise<() => Promise<void>> {
    return database.listen(STORE_COMMERCE_CHANNEL, () => void this.changed().catch(() => undefined));
  }

  /** The settings changed (call after the commit): read them again now, so `latest()` is current. */
  async changed(): Promise<StoreCommerce> {
    this.#cache.invalidate();
    return this.current();
  }
}
