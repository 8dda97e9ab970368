import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { DomainEvent, EventActor } from '../events/index.js';
import { recordEvent } from '../events/index.js';
import type { CollectionRecord, ProductRecord, VariantRecord } from './catalog.types.js';

/*
 * Catalog events (spec §4 "Catalog events"), written to the outbox in the change's transaction.
 * Payloads are snapshots of the entity as stored (minor units, ISO dates), plus what changed.
 */

export type ProductEvent = 'created' | 'changed' | 'deleted';

/** NOTIFY channel every server process listens on to drop its catalog read cache. */
export const CATALOG_CHANNEL = 'openshelf_catalog_changed';

/**
 * This process's own catalog changes made outside the catalog routes (orders taking or returning
 * stock): the caller signals right after its transaction commits, so this process's read cache is
 * dropped before its reply leaves, instead of whenever the NOTIFY comes back from the database.
 */
export class LocalCatalogChanges {
  readonly #listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Call only after the change committed: a reader in between must not cache the old state again. */
  committed(): void {
    for (const listener of this.#listeners) listener();
  }
}

/**
 * Calls `onChange` after every committed catalog change: at once for this process's own (`local`), and on
 * the database's NOTIFY for everyone's (other processes, the CLI). Resolves to an unsubscribe.
 */
export async function watchCatalogChanges(
  database: Pick<Database, 'listen'>,
  local: Pick<LocalCatalogChanges, 'subscribe'>,
  onChange: () => void,
): Promise<() => Promise<void>> {
  const unlisten = await database.listen(CATALOG_CHANNEL, onChange);
  const unsubscribe = local.subscribe(onChange);
  return async () => {
    unsubscribe();
    await unlisten();
  };
}

/**
 * Tells every server process that the catalog changed — delivered only if, and once, the transaction
 * commits (PostgreSQL NOTIFY semantics; repeated notifications in one transaction are folded).
 */
export async function notifyCatalogChanged(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, '')`);
}

export async function productEvent(
  tx: Tx,
  type: ProductEvent,
  product: ProductRecord,
  actor: EventActor,
  changedFields?: string[],
) {
  await notifyCatalogChanged(tx);
  return recordEvent(tx, {
    type: `catalog.product.${type}`,
    entityType: 'product',
    entityId: product.id,
    payload: { product, ...(changedFields ? { changedFields } : {}) },
    actor,
  });
}

export async function variantsChangedEvent(
  tx: Tx,
  productId: string,
  variants: readonly VariantRecord[],
  changedFields: string[],
  actor: EventActor,
) {
  await notifyCatalogChanged(tx);
  return recordEvent(tx, variantsChangedEventOf(productId, variants, changedFields, actor));
}

/** The `variants_changed` event itself, for callers that record several events in one statement. */
export function variantsChangedEventOf(
  productId: string,
  variants: readonly VariantRecord[],
  changedFields: string[],
  actor: EventActor,
): DomainEvent {
  return {
    type: 'catalog.product.variants_changed',
    entityType: 'product',
    entityId: productId,
    payload: { productId, variants: variants.map((variant) => ({ ...variant, changedFields })) },
    actor,
  };
}

export async function collectionEvent(
  tx: Tx,
  type: ProductEvent,
  collection: CollectionRecord,
  actor: EventActor,
  changedFields?: string[],
) {
  await notifyCatalogChanged(tx);
  return recordEvent(tx, {
    type: `catalog.collection.${type}`,
    entityType: 'collection',
    entityId: collection.id,
    payload: { collection, ...(changedFields ? { changedFields } : {}) },
    actor,
  });
}
