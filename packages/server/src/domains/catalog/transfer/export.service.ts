import type { Static } from 'typebox';
import type { DbOrTx } from '../../../db/client.js';
import type { CollectionOut } from '../collections/collections.contract.js';
import { queryCollections } from '../collections/collections.service.js';
import { mediaOut, productOut } from '../products/product.mapper.js';
import { queryProducts } from '../products/product-read.service.js';
import type { ProductOut } from '../products/products.contract.js';

/*
 * Catalog export (the CLI's `catalog export`): products and collections in their wire shape, with
 * merchant data (cost, digital files) — exactly what `catalog import` takes back. Products come in
 * pages in numericId order, so any catalog size streams in constant memory.
 */

const PAGE = 100;

export async function exportCollections(
  db: DbOrTx,
  publicUrl: string,
): Promise<Static<typeof CollectionOut>[]> {
  const out: Static<typeof CollectionOut>[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await queryCollections(db, {
      paging: { limit: PAGE, offset },
      merchantView: true,
      sort: [{ fieldName: 'createdDate' }],
    });
    out.push(
      ...page.items.map((collection) => ({ ...collection, media: mediaOut(collection.media, publicUrl) })),
    );
    if (page.items.length < PAGE) return out;
  }
}

export async function* exportProducts(
  db: DbOrTx,
  options: { publicUrl: string; currency: string },
): AsyncGenerator<Static<typeof ProductOut>[]> {
  let after = 0;
  for (;;) {
    const page = await queryProducts(db, {
      filter: { numericId: { $gt: after } },
      sort: [{ fieldName: 'numericId', order: 'ASC' }],
      paging: { limit: PAGE },
      includeHidden: true,
      currency: options.currency,
    });
    if (page.items.length === 0) return;
    yield page.items.map((view) =>
      productOut(view, { publicUrl: options.publicUrl, merchantData: true, includeVariants: true }),
    );
    after = page.items.at(-1)?.record.numericId ?? after;
    if (page.items.length < PAGE) return;
  }
}

export async function countProducts(db: DbOrTx, currency: string): Promise<number | undefined> {
  const page = await queryProducts(db, { paging: { limit: 0 }, includeHidden: true, currency });
  return page.metadata.total;
}
