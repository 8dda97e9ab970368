import { inArray, or } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../../db/client.js';
import { compileContract } from '../../../lib/http/contract.js';
import { AppError, ValidationFailed } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { CollectionCreate } from '../collections/collections.contract.js';
import { createCollection, updateCollection } from '../collections/collections.service.js';
import { collections } from '../collections.schema.js';
import { mediaRefsIn, productInputIn } from '../products/product-in.mapper.js';
import type { ProductInput } from '../products/product-input.rules.js';
import { createProduct, updateProduct, type WriteContext } from '../products/product-write.service.js';
import { ProductCreate } from '../products/products-write.contract.js';
import { products } from '../products.schema.js';

/*
 * Catalog import (the CLI's `catalog import`): every row is checked against the same contract as the
 * API's create calls, then written through the same services, all in one transaction. A file with any
 * bad row changes nothing; the report names each row (line number where the format has lines) and field.
 * Rows with the id (or slug) of an existing product or collection update it, so importing an export
 * again is harmless.
 */

export interface ImportRow {
  kind: 'collection' | 'product';
  /** Where the row is, for people: "line 12" or "products[3]". */
  position: string;
  data: unknown;
}

export interface ImportProblem {
  position: string;
  field: string;
  description: string;
}

export interface ImportResult {
  collections: { created: number; updated: number };
  products: { created: number; updated: number };
  dryRun: boolean;
}

const checkProduct = compileContract(ProductCreate, 'product');
const checkCollection = compileContract(CollectionCreate, 'collection');

export class ImportFailed extends AppError {
  constructor(readonly problems: ImportProblem[]) {
    super('IMPORT_FAILED', `Import refused: ${problems.length} problem(s); nothing was imported`, {
      status: 400,
      description: 'Fix the rows listed and run the import again. The catalog was not changed.',
      data: { problems },
    });
  }
}

class DryRunRollback extends Error {}

type Checked =
  | { kind: 'collection'; position: string; id?: string; body: Static<typeof CollectionCreate> }
  | {
      kind: 'product';
      position: string;
      id?: string;
      input: ProductInput & { name: string; priceMinor: number };
    };

function check(
  rows: readonly ImportRow[],
  currency: string,
): { checked: Checked[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const checked: Checked[] = [];
  const report = (position: string, violations: { field: string; description: string }[]) => {
    for (const violation of violations)
      problems.push({ position, field: violation.field, description: violation.description });
  };
  for (const row of rows) {
    if (row.data === null || typeof row.data !== 'object' || Array.isArray(row.data)) {
      problems.push({ position: row.position, field: row.kind, description: 'must be an object' });
      continue;
    }
    const id =
      typeof (row.data as { id?: unknown }).id === 'string' ? (row.data as { id: string }).id : undefined;
    if (row.kind === 'collection') {
      const result = checkCollection(row.data);
      if (!result.ok) report(row.position, result.violations);
      else
        checked.push({
          kind: 'collection',
          position: row.position,
          ...(id ? { id } : {}),
          body: result.value,
        });
      continue;
    }
    const result = checkProduct(row.data);
    if (!result.ok) {
      report(row.position, result.violations);
      continue;
    }
    const v = new Violations();
    const input = productInputIn(result.value, currency, v) as ProductInput & {
      name: string;
      priceMinor: number;
    };
    if (v.list.length > 0) report(row.position, v.list);
    else checked.push({ kind: 'product', position: row.position, ...(id ? { id } : {}), input });
  }
  return { checked, problems };
}

async function existing(tx: DbOrTx, checked: Checked[]) {
  const refs = (kind: Checked['kind']) =>
    checked
      .filter((row) => row.kind === kind)
      .flatMap((row) => {
        const slug = row.kind === 'product' ? row.input.slug : row.body.slug;
        return [row.id, slug].filter((value): value is string => Boolean(value));
      });
  const productRefs = refs('product');
  const collectionRefs = refs('collection');
  const productRows = productRefs.length
    ? await tx
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(or(inArray(products.id, productRefs), inArray(products.slug, productRefs)))
    : [];
  const collectionRows = collectionRefs.length
    ? await tx
        .select({ id: collections.id, slug: collections.slug })
        .from(collections)
        .where(or(inArray(collections.id, collectionRefs), inArray(collections.slug, collectionRefs)))
    : [];
  const lookup =
    (rows: { id: string; slug: string }[]) => (id: string | undefined, slug: string | undefined) =>
      rows.find((row) => row.id === id)?.id ?? rows.find((row) => row.slug === slug)?.id;
  return { product: lookup(productRows), collection: lookup(collectionRows) };
}

export async function importCatalog(
  db: DbOrTx,
  rows: readonly ImportRow[],
  ctx: WriteContext,
  options: { dryRun?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportResult> {
  const { checked, problems } = check(rows, ctx.currency);
  if (problems.length > 0) throw new ImportFailed(problems);
  // Collections first, so products can refer to them by id or slug.
  checked.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'collection' ? -1 : 1));
  const result: ImportResult = {
    collections: { created: 0, updated: 0 },
    products: { created: 0, updated: 0 },
    dryRun: Boolean(options.dryRun),
  };
  try {
    await db.transaction(async (tx) => {
      const find = await existing(tx, checked);
      const failures: ImportProblem[] = [];
      for (const [index, row] of checked.entries()) {
        try {
          if (row.kind === 'collection') {
            const { media, ...body } = row.body;
            const input = { ...body, ...(media ? { media: mediaRefsIn(media) } : {}) };
            const id = find.collection(row.id, row.body.slug);
            if (id) await updateCollection(tx, id, input, ctx);
            else await createCollection(tx, { ...input, ...(row.id ? { id: row.id } : {}) }, ctx);
            result.collections[id ? 'updated' : 'created'] += 1;
          } else {
            const id = find.product(row.id, row.input.slug);
            if (id) await updateProduct(tx, id, row.input, ctx);
            else await createProduct(tx, { ...row.input, ...(row.id ? { id: row.id } : {}) }, ctx);
            result.products[id ? 'updated' : 'created'] += 1;
          }
        } catch (error) {
          if (error instanceof ValidationFailed) {
            for (const v of error.violations)
              failures.push({ position: row.position, field: v.field, description: v.description });
          } else if (error instanceof AppError) {
            failures.push({
              position: row.position,
              field: row.kind,
              description: `${error.message}: ${error.description}`,
            });
          } else throw error;
        }
        options.onProgress?.(index + 1, checked.length);
      }
      if (failures.length > 0) throw new ImportFailed(failures);
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return result;
}
