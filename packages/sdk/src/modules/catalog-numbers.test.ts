import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OPTIONS_AVAILABILITY_WIRE,
  PRODUCT_VARIANTS_WIRE,
  PRODUCT_WIRE,
  SEARCH_FACETS_WIRE,
  STORE_VARIANT_WIRE,
} from '../entities/index.js';
import { setUp } from '../testing/module-client.js';

// Spec §7: "Numeric fields are sent as strings and turned back into numbers on receipt, including NaN and
// infinities." A server of the protocol may send any number of a product or variant as a string, not only
// those ours happens to; the SDK reads them all as numbers. int64 ids and money strings stay strings.

/** Sets every (dotted) path in `target` to `value`, creating objects on the way; arrays hold one item. */
function fill(paths: readonly string[], value: (path: string) => unknown): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const path of paths) {
    let node = target;
    const parts = path.split('.');
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) as string] = value(path);
  }
  return target;
}

/** The value at a dotted path. */
const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], value);

const product = {
  id: 'p1',
  numericId: '1001',
  createdDate: '2024-05-01T10:00:00.000Z',
  lastUpdated: '2024-05-02T10:00:00.000Z',
  weight: 'NaN',
  priceData: {
    currency: 'USD',
    price: '12.50',
    discountedPrice: 'Infinity',
    formatted: { price: '$12.50', discountedPrice: '$12.50' },
  },
  stock: { quantity: '7', inStock: true },
  discount: { type: 'AMOUNT', value: '-Infinity' },
  variants: [
    {
      id: 'v1',
      choices: { Size: 'M' },
      variant: { priceData: { price: '9.99' }, weight: 'Infinity', sku: '0042' },
      stock: { quantity: '3' },
    },
  ],
};

describe('numbers sent as strings on catalog entities', () => {
  it('are numbers again on products from get, query and search; int64 ids and formatted prices stay strings', async () => {
    const { client } = setUp({
      product,
      products: [product],
      metadata: { count: 1, offset: 0, total: 1 },
      facets: { prices: [{ from: '0', to: '10.5', count: '4' }], brands: [{ value: '12', count: '2' }] },
    });
    const read = [
      await client.products.get('p1'),
      (await client.products.query().find()).items[0],
      (await client.products.search({ search: { expression: 'x' } })).items[0],
    ];
    for (const item of read) {
      expect(item).toMatchObject({
        numericId: '1001',
        priceData: { price: 12.5, discountedPrice: Infinity, formatted: { price: '$12.50' } },
        stock: { quantity: 7 },
        discount: { value: -Infinity },
        variants: [
          { variant: { priceData: { price: 9.99 }, weight: Infinity, sku: '0042' }, stock: { quantity: 3 } },
        ],
      });
      expect(item?.weight).toBeNaN();
      expect(item?.createdDate).toEqual(new Date('2024-05-01T10:00:00.000Z'));
      expect(item?.updatedDate).toEqual(new Date('2024-05-02T10:00:00.000Z'));
    }
    const { facets } = await client.products.search({ search: { expression: 'x' } });
    expect(facets).toEqual({
      prices: [{ from: 0, to: 10.5, count: 4 }],
      brands: [{ value: '12', count: 2 }],
    });
  });

  it('are numbers again on variant queries, option availability and store variants', async () => {
    const { client } = setUp({
      variants: [
        {
          id: 'v1',
          choices: { Size: 'M' },
          variant: { priceData: { price: '9.99' }, weight: 'NaN' },
          stock: { quantity: '3' },
        },
      ],
      metadata: { items: '1', offset: '0' },
      totalResults: '1',
      selectedVariant: {
        id: 'v1',
        price: { price: '-Infinity', formatted: { price: '$9.99' } },
        weight: '0.5',
        quantity: '2',
        sku: '7',
      },
      availableForPurchase: true,
      variant: { id: 'p1-v1', productId: 'p1', price: { price: 'Infinity' }, stock: { quantity: '5' } },
    });
    const variants = await client.products.queryVariants('p1');
    expect(variants).toMatchObject({
      variants: [{ variant: { priceData: { price: 9.99 } }, stock: { quantity: 3 } }],
      metadata: { items: 1, offset: 0 },
      totalResults: 1,
    });
    expect(variants.variants[0]?.variant.weight).toBeNaN();
    expect((await client.products.getOptionsAvailability('p1', { Size: 'M' })).selectedVariant).toMatchObject(
      {
        price: { price: -Infinity, formatted: { price: '$9.99' } },
        weight: 0.5,
        quantity: 2,
        sku: '7',
      },
    );
    expect(await client.products.getStoreVariant('p1-v1')).toMatchObject({
      price: { price: Infinity },
      stock: { quantity: 5 },
    });
    const storeVariants = setUp({
      variants: [{ id: 'p1-v1', price: { price: '12.50' }, stock: { quantity: 'Infinity' } }],
      metadata: { count: 1, offset: 0, total: 1 },
    });
    const page = await storeVariants.client.products.queryStoreVariants().find();
    expect(page.items[0]).toMatchObject({ price: { price: 12.5 }, stock: { quantity: Infinity } });
  });

  it('are numbers again on every number path the entity schemas declare, for any double', async () => {
    const entities = [
      {
        paths: PRODUCT_WIRE.floats ?? [],
        read: async (c: ReturnType<typeof setUp>['client']) => c.products.get('p1'),
      },
      {
        paths: PRODUCT_VARIANTS_WIRE.floats ?? [],
        read: async (c: ReturnType<typeof setUp>['client']) => c.products.queryVariants('p1'),
      },
      {
        paths: OPTIONS_AVAILABILITY_WIRE.floats ?? [],
        read: async (c: ReturnType<typeof setUp>['client']) => c.products.getOptionsAvailability('p1', {}),
      },
      {
        paths: STORE_VARIANT_WIRE.floats ?? [],
        read: async (c: ReturnType<typeof setUp>['client']) => c.products.getStoreVariant('x'),
      },
    ];
    // The declared paths cover what matters: prices, weights, stock and discounts.
    expect(PRODUCT_WIRE.floats).toEqual(
      expect.arrayContaining([
        'weight',
        'priceData.price',
        'stock.quantity',
        'discount.value',
        'variants.variant.weight',
      ]),
    );
    expect(SEARCH_FACETS_WIRE.floats).toEqual(expect.arrayContaining(['prices.from', 'prices.count']));
    await fc.assert(
      fc.asyncProperty(
        fc.double().filter((n) => !Object.is(n, -0)),
        async (number) => {
          for (const { paths, read } of entities) {
            const wire = fill(paths, () => String(number));
            // A product answer is `{product}`, a store variant `{variant}`; the others are the reply itself.
            const { client } = setUp({ ...wire, product: wire, variant: wire });
            const entity = await read(client);
            for (const path of paths) expect(at(entity, path), path).toBe(number);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
