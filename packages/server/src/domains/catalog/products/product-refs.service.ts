import { inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { Violations } from '../../../lib/http/violations.js';
import type { CatalogMediaItem, ProductOption } from '../catalog.types.js';
import { collections } from '../collections.schema.js';
import type { MediaRef } from './product-input.rules.js';

/** Media refs with a `choice` also show for that option choice. */
export function attachChoiceMedia(
  options: ProductOption[],
  refs: readonly MediaRef[],
  items: readonly CatalogMediaItem[],
  v: Violations,
): void {
  let itemIndex = 0;
  refs.forEach((ref, index) => {
    const item = items[itemIndex];
    if (ref.mediaId || ref.url) itemIndex += 1;
    if (!ref.choice || !item) return;
    const option = options.find((o) => o.name === ref.choice?.option);
    const choice = option?.choices.find(
      (c) => c.description === ref.choice?.choice || c.value === ref.choice?.choice,
    );
    if (!choice) {
      v.add(`product.media[${index}].choice`, 'VALIDATION', 'is not an option choice of this product');
      return;
    }
    if (!choice.mediaIds.includes(item.id)) choice.mediaIds.push(item.id);
  });
}

/** Collection ids (or slugs, for imports) that exist, in the order given, without repeats. */
export async function resolveCollectionIds(
  tx: DbOrTx,
  refs: readonly string[],
  v: Violations,
): Promise<string[]> {
  if (refs.length === 0) return [];
  const rows = await tx
    .select({ id: collections.id, slug: collections.slug })
    .from(collections)
    .where(or(inArray(collections.id, [...refs]), inArray(collections.slug, [...refs])));
  const ids: string[] = [];
  refs.forEach((ref, index) => {
    const row = rows.find((r) => r.id === ref) ?? rows.find((r) => r.slug === ref);
    if (!row) v.add(`product.collectionIds[${index}]`, 'VALIDATION', 'is not the id of a collection');
    else if (!ids.includes(row.id)) ids.push(row.id);
  });
  return ids;
}
