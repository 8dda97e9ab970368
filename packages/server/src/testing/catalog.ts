import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { DbOrTx } from '../db/client.js';
import { createCollection } from '../domains/catalog/collections/collections.service.js';
import type { DocumentContext } from '../domains/catalog/products/product-documents.service.js';
import type { ProductInput } from '../domains/catalog/products/product-input.rules.js';
import { createProduct, type WriteContext } from '../domains/catalog/products/product-write.service.js';
import { ProductOut } from '../domains/catalog/products/products.contract.js';

/** The write context catalog service tests use: a staff actor, prices in USD. */
export const TEST_WRITE: WriteContext = { actor: { identityType: 'WIX_USER', id: 'test' }, currency: 'USD' };

let counter = 0;

/** A product through the real service; name and price default to something unique. */
export function makeProduct(db: DbOrTx, input: ProductInput = {}) {
  counter += 1;
  return createProduct(
    db,
    { name: `Product ${counter}`, priceMinor: 1000, ...input } as ProductInput & {
      name: string;
      priceMinor: number;
    },
    TEST_WRITE,
  );
}

export function makeCollection(db: DbOrTx, name: string) {
  return createCollection(db, { name }, TEST_WRITE);
}

/** A T-shirt with Size (S, M, L) × Color (Red, Blue) managed variants, each with `quantity` in stock. */
export function makeTee(db: DbOrTx, quantity = 3, input: ProductInput = {}) {
  return makeProduct(db, {
    name: 'Tee',
    priceMinor: 2000,
    manageVariants: true,
    productOptions: [
      { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }, { value: 'L' }] },
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          { value: '#d32f2f', description: 'Red' },
          { value: '#1976d2', description: 'Blue' },
        ],
      },
    ],
    stock: { trackInventory: true, quantity },
    ...input,
  });
}

/**
 * What the product routes give product documents (ADR 041): the public URL and a serializer of the
 * reply schema's product compiled by Fastify's own compiler, as `reply.compileSerializationSchema` does.
 */
export function testDocumentContext(publicUrl = 'http://localhost:3000'): DocumentContext {
  const compile = SerializerSelector()(undefined as never, undefined as never);
  const serialize = compile({ schema: ProductOut, method: 'GET', url: '/', httpStatus: '200' } as never);
  return { publicUrl, serialize: serialize as DocumentContext['serialize'] };
}
