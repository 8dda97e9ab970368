import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { DomainEvent, EventActor } from '../events/events.service.js';
import { recordEvent } from '../events/events.service.js';
import type { CollectionRecord, ProductRecord, VariantRecord } from './catalog.types.js';

/*
 * Catalog events (spec §4 "Catalog events"), written to the outbox in the change's transaction.
 * Payloads are snapshots of the entity as stored (minor units, ISO dates), plus what changed.
 */

export type ProductEvent = 'created' | 'changed' | 'deleted';

/** NOTIFY channel every server process listens on to drop its catalog read cache. */
export const CATALOG_CHANNEL = 'openshelf_catalog_changed';

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
