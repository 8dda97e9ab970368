import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, httpHelpers, merchantKey, type TestApp } from '../../testing/index.js';

// The protocol's clients send float fields as "NaN", "Infinity" and "-Infinity" (wire-protocol.md §2.4:
// `weight: NaN` travels as "NaN", `priceData.price: Infinity` as "Infinity"). Every float path the public
// @wix/stores client declares on a catalog write is read as such; where our model needs a finite number
// (every price, cost, weight and amount) the answer is a 400 naming the field and the rule, and nothing
// is stored.
let t: TestApp;
let owner: string;
let productId = '';
beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database, 'owner');
  const created = await call('POST', '/stores/v1/products', baseProduct(), owner);
  productId = created.body.product.id;
});
afterAll(() => t.close());

const { call } = httpHelpers(() => t.app);

const baseProduct = () => ({
  product: {
    name: 'Scale',
    priceData: { price: 10 },
    weight: 1,
    manageVariants: true,
    productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
  },
});

/** Sets `path` (dots; numeric segments are array indexes) in `target`, creating what is missing. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: Record<string, unknown> = target;
  parts.slice(0, -1).forEach((part, i) => {
    node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
    node = node[part] as Record<string, unknown>;
  });
  node[parts.at(-1) as string] = value;
}

/** Product float paths the public client declares (createProduct/updateProduct) that we store. */
const PRODUCT_FLOATS: { path: string; field: string; prepare?: (p: Record<string, unknown>) => void }[] = [
  { path: 'weight', field: 'product.weight' },
  { path: 'priceData.price', field: 'product.priceData.price' },
  { path: 'costAndProfitData.itemCost', field: 'product.costAndProfitData.itemCost' },
  {
    path: 'discount.value',
    field: 'product.discount.value',
    prepare: (p) => setPath(p, 'discount.type', 'AMOUNT'),
  },
  ...(['totalQuantity', 'baseQuantity'] as const).map((name) => ({
    path: `pricePerUnitData.${name}`,
    field: `product.pricePerUnitData.${name}`,
    prepare: (p: Record<string, unknown>) => {
      p.pricePerUnitData = {
        totalQuantity: 1,
        totalMeasurementUnit: 'KG',
        baseQuantity: 1,
        baseMeasurementUnit: 'KG',
      };
    },
  })),
  ...['priceData.price', 'weight', 'costAndProfitData.itemCost'].map((path) => ({
    path: `variants.0.variant.${path}`,
    field: `product.variants[0].variant.${path}`,
    prepare: (p: Record<string, unknown>) => {
      p.variants = [{ choices: { Size: 'S' }, variant: {} }];
    },
  })),
];

/** Float paths of read-only fields the client echoes back on writes: read and ignored. */
const ECHOED_FLOATS = [
  'priceData.discountedPrice',
  'priceData.pricePerUnit',
  'price.price',
  'convertedPriceData.price',
  'costAndProfitData.profit',
  'costAndProfitData.profitMargin',
  'priceRange.minValue',
  'weightRange.maxValue',
  'costRange.minValue',
];

const NON_FINITE = [
  { sent: 'NaN', rule: 'VALIDATION', description: 'must be a finite number, not "NaN"' },
  { sent: 'Infinity', rule: 'MAX', description: /^must be a finite number at most [\d.]+, not "Infinity"$/ },
  {
    sent: '-Infinity',
    rule: 'MIN',
    description: /^must be a finite number at least [\d.]+, not "-Infinity"$/,
  },
] as const;

const productCount = async () =>
  (await call('POST', '/stores/v1/products/query', { query: { paging: { limit: 1 } } }, owner)).body.metadata
    .total as number;

describe('"NaN", "Infinity" and "-Infinity" on catalog writes', () => {
  it('are refused on every stored product float, naming the field and the rule, on every write path', async () => {
    const before = await call('GET', `/stores/v1/products/${productId}`, undefined, owner);
    const count = await productCount();
    for (const { path, field, prepare } of PRODUCT_FLOATS) {
      for (const { sent, rule, description } of NON_FINITE) {
        for (const [method, url] of [
          ['POST', '/stores/v1/products'],
          ['POST', '/v2/products-platformized'],
          ['PATCH', `/stores/v1/products/${productId}`],
          ['PATCH', `/v2/products-platformized/${productId}`],
        ] as const) {
          const product: Record<string, unknown> = baseProduct().product;
          if (method === 'PATCH') delete product.productOptions;
          prepare?.(product);
          setPath(product, path, sent);
          const { status, body } = await call(method, url, { product }, owner);
          const label = `${method} ${url} ${path}=${sent}`;
          expect(status, label).toBe(400);
          expect(body.details.validationError.fieldViolations, label).toEqual([
            expect.objectContaining({
              field,
              violatedRule: rule,
              description: expect.stringMatching(description),
            }),
          ]);
        }
      }
    }
    // Nothing was created and the product refused on PATCH is as it was.
    expect(await productCount()).toBe(count);
    const after = await call('GET', `/stores/v1/products/${productId}`, undefined, owner);
    expect(after.body.product).toEqual(before.body.product);
  });

  it('are refused on variant overrides and bulk edits, naming the field', async () => {
    const cases: [string, string, (v: string) => unknown, string][] = [
      [
        'PATCH',
        `/stores/v1/products/${productId}/variants`,
        (v) => ({ variants: [{ choices: { Size: 'S' }, price: v }] }),
        'variants[0].price',
      ],
      [
        'PATCH',
        `/v1/products/${productId}/variants`,
        (v) => ({ variants: [{ choices: { Size: 'M' }, cost: v }] }),
        'variants[0].cost',
      ],
      [
        'PATCH',
        `/stores/v1/products/${productId}/variants`,
        (v) => ({ variants: [{ variantIds: [], weight: v }] }),
        'variants[0].weight',
      ],
      [
        'POST',
        '/stores/v1/bulk/products/update',
        (v) => ({ ids: [productId], set: { price: v } }),
        'set.price',
      ],
      [
        'POST',
        '/stores/v1/bulk/products/update',
        (v) => ({ ids: [productId], set: { cost: v } }),
        'set.cost',
      ],
      [
        'POST',
        '/stores/v1/bulk/products/update',
        (v) => ({ ids: [productId], set: { weight: v } }),
        'set.weight',
      ],
      [
        'POST',
        '/stores/v1/bulk/products/adjust-properties',
        (v) => ({ ids: [productId], adjust: { price: { amount: v } } }),
        'adjust.price.amount',
      ],
      [
        'POST',
        '/stores/v1/bulk/products/adjust-properties',
        (v) => ({ ids: [productId], adjust: { cost: { amount: v } } }),
        'adjust.cost.amount',
      ],
      [
        'POST',
        '/stores/v1/bulk/products/adjust-properties',
        (v) => ({ ids: [productId], adjust: { weight: { amount: v } } }),
        'adjust.weight.amount',
      ],
    ];
    const before = await call('GET', `/stores/v1/products/${productId}`, undefined, owner);
    for (const [method, url, body, field] of cases) {
      for (const { sent, rule } of NON_FINITE) {
        const reply = await call(method as 'POST' | 'PATCH', url, body(sent), owner);
        expect(reply.status, `${url} ${field}=${sent}`).toBe(400);
        expect(reply.body.details.validationError.fieldViolations, `${url} ${field}=${sent}`).toEqual([
          expect.objectContaining({
            field,
            violatedRule: rule,
            description: expect.stringContaining('finite'),
          }),
        ]);
      }
    }
    expect((await call('GET', `/stores/v1/products/${productId}`, undefined, owner)).body.product).toEqual(
      before.body.product,
    );
  });

  it('are read and ignored on the read-only floats a client echoes back', async () => {
    for (const [i, path] of ECHOED_FLOATS.entries()) {
      const product: Record<string, unknown> = { ...baseProduct().product, name: `Echo ${i}` };
      setPath(product, path, ['NaN', 'Infinity', '-Infinity'][i % 3]);
      const { status, body } = await call('POST', '/v2/products-platformized', { product }, owner);
      expect(status, path).toBe(200);
      expect(body.product.priceData.price, path).toBe(10);
      expect(body.product.weight, path).toBe(1);
      await call('DELETE', `/stores/v1/products/${body.product.id}`, undefined, owner);
    }
  });

  it('keeps numbers sent as numeral strings, and reports a stock quantity that is not an integer', async () => {
    const { status, body } = await call(
      'PATCH',
      `/stores/v1/products/${productId}`,
      { product: { priceData: { price: '12.50' }, weight: '0.25', costAndProfitData: { itemCost: '4' } } },
      owner,
    );
    expect(status).toBe(200);
    expect(body.product).toMatchObject({
      priceData: { price: 12.5 },
      weight: 0.25,
      costAndProfitData: { itemCost: 4 },
    });
    const quantity = await call(
      'PATCH',
      `/stores/v1/products/${productId}`,
      { product: { stock: { trackInventory: true, quantity: 'NaN' } } },
      owner,
    );
    expect(quantity.status).toBe(400);
    expect(quantity.body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'product.stock.quantity', violatedRule: 'VALIDATION' }),
    ]);
  });
});
