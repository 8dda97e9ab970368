import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { notifyCatalogChanged } from '../catalog-events.service.js';
import { products } from '../products.schema.js';

/**
 * Relabels every price of the catalog as `currency`. The amounts stay as stored (minor units): the
 * store-setup domain allows this only before the first sale and between currencies whose minor unit is
 * the same size (ADR 050). Every process drops its catalog caches on the commit.
 */
export async function moveCatalogCurrency(tx: Tx, currency: string): Promise<void> {
  await tx.update(products).set({ currency }).where(sql`${products.currency} <> ${currency}`);
  await notifyCatalogChanged(tx);
}
