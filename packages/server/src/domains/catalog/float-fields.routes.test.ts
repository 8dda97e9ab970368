import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, httpHelpers, merchantKey, type TestApp } from '../../testing/index.js';

// The protocol's clients send float fields as "NaN", "Infinity" and "-Infinity" (wire-protocol.md §2.4:
// `weight: NaN` travels as "NaN", `priceData.price: Infinity` as "Infinity"). Every float path the public
// @wix/stores client declares on a catalog write is decoded as such; then the field's rule decides. A weight
// is an optional measure: "NaN" is "no weight" (cleared on update, absent on create). Everything that must be
// a number (price, cost, discount, quantity, amount) refuses them with a 400 naming the field in plain words
// ("must be a number; "NaN" is not a price"), and nothing is stored.
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
const PRODUCT_FLOATS: {
  path: string;
  field: string;
  noun: string;
  prepare?: (p: Record<string, unknown>) => void;
}[] = [
  { path: 'priceData.price', field: 'product.priceData.price', noun: 'price' },
  { path: 'costAndProfitData.itemCost', field: 'product.costAndProfitData.itemCost', noun: 'cost' },
  {
    path: 'discount.value',
    field: 'product.discount.value',
    noun: 'discount',
    prepare: (p) => setPath(p, 'discount.type', 'AMOUNT'),
  },
  ...(['totalQuantity', 'baseQuantity'] as const).map((name) => ({
    path: `pricePerUnitData.${name}`,
    field: `product.pricePerUnitData.${name}`,
    noun: 'quantity',
    prepare: (p: Record<string, unknown>) => {
      p.pricePerUnitData = {
        totalQuantity: 1,
        totalMeasurementUnit: 'KG',
        baseQuantity: 1,
        baseMeasurementUnit: 'KG',
      };
    },
  })),
  ...[
    ['priceData.price', 'price'],
    ['costAndProfitData.itemCost', 'cost'],
  ].map(([path, noun]) => ({
    path: `variants.0.variant.${path}`,
    field: `product.variants[0].variant.${path}`,
    noun: noun as string,
    prepare: (p: Record<string, unknown>) => {
      p.variants = [{ choices: { Size: 'S' }, variant: {} }];
    },
  })),
];

/** The product's optional measures: "NaN" is no value; infinities are out of range. */
const MEASURES = [
  { path: 'weight', field: 'product.weight' },
  { path: 'variants.0.variant.weight', field: 'product.variants[0].variant.weight' },
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

/** How "NaN" and the infinities are refused where a number is needed, naming what the field holds. */
const refusalsFor = (noun: string) =>
  [
    {
      sent: 'NaN',
      rule: 'VALIDATION',
      description: new RegExp(`^must be a number; "NaN" is not an? ${noun}$`),
    },
    {
      sent: 'Infinity',
      rule: 'MAX',
      description: new RegExp(`^must be a number up to [\\d.]+; "Infinity" is not an? ${noun}$`),
    },
    {
      sent: '-Infinity',
      rule: 'MIN',
      description: new RegExp(`^must be a number of at least -?[\\d.]+; "-Infinity" is not an? ${noun}$`),
    },
  ] as const;
const productCount = async () =>
  (await call('POST', '/stores/v1/products/query', { query: { paging: { limit: 1 } } }, owner)).body.metadata
    .total as number;

describe('"NaN", "Infinity" and "-Infinity" on catalog writes', () => {
  it('are refused on every product float that must be a number, naming the field in plain words, on every write path', async () => {
    const before = await call('GET', `/stores/v1/products/${productId}`, undefined, owner);
    const count = await productCount();
    for (const { path, field, noun, prepare } of PRODUCT_FLOATS) {
      for (const { sent, rule, description } of refusalsFor(noun)) {
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

  it('are refused on variant overrides and bulk edits where a number is needed, naming the field', async () => {
    type Case = [
      method: 'POST' | 'PATCH',
      url: string,
      body: (v: string) => unknown,
      field: string,
      noun: string,
    ];
    const variants = `/stores/v1/products/${productId}/variants`;
    const bulkUpdate = '/stores/v1/bulk/products/update';
    const bulkAdjust = '/stores/v1/bulk/products/adjust-properties';
    const cases: Case[] = [
      [
        'PATCH',
        variants,
        (v) => ({ variants: [{ choices: { Size: 'S' }, price: v }] }),
        'variants[0].price',
        'price',
      ],
      [
        'PATCH',
        `/v1/products/${productId}/variants`,
        (v) => ({ variants: [{ choices: { Size: 'M' }, cost: v }] }),
        'variants[0].cost',
        'cost',
      ],
      [
        'PATCH',
        variants,
        (v) => ({ variants: [{ choices: { Size: 'S' }, stock: { trackQuantity: true, quantity: v } }] }),
        'variants[0].stock.quantity',
        'stock quantity',
      ],
      ['POST', bulkUpdate, (v) => ({ ids: [productId], set: { price: v } }), 'set.price', 'price'],
      ['POST', bulkUpdate, (v) => ({ ids: [productId], set: { cost: v } }), 'set.cost', 'cost'],
      ...(['price', 'cost', 'weight'] as const).map(
        (name): Case => [
          'POST',
          bulkAdjust,
          (v) => ({ ids: [productId], adjust: { [name]: { amount: v } } }),
          `adjust.${name}.amount`,
          'amount',
        ],
      ),
    ];
    const before = await call('GET', `/stores/v1/products/${productId}`, undefined, owner);
    for (const [method, url, body, field, noun] of cases) {
      for (const { sent, rule, description } of refusalsFor(noun)) {
        const reply = await call(method, url, body(sent), owner);
        const label = `${url} ${field}=${sent}`;
        expect(reply.status, label).toBe(400);
        expect(reply.body.details.validationError.fieldViolations, label).toEqual([
          expect.objectContaining({
            field,
            violatedRule: rule,
            description: expect.stringMatching(description.source.replace('a number', 'a (whole )?number')),
          }),
        ]);
      }
    }
    expect((await call('GET', `/stores/v1/products/${productId}`, undefined, owner)).body.product).toEqual(
      before.body.product,
    );
  });

  it('read "NaN" on a weight as no weight: absent on create, cleared on update, on every write path', async () => {
    const weightOf = async (id: string) =>
      (await call('GET', `/stores/v1/products/${id}`, undefined, owner)).body.product.weight;
    for (const url of ['/stores/v1/products', '/v2/products-platformized']) {
      const { status, body } = await call(
        'POST',
        url,
        { product: { ...baseProduct().product, weight: 'NaN' } },
        owner,
      );
      expect(status, url).toBe(200);
      expect(body.product, url).not.toHaveProperty('weight');
      const id = body.product.id as string;
      await call('PATCH', `/stores/v1/products/${id}`, { product: { weight: 2 } }, owner);
      expect(await weightOf(id)).toBe(2);
      const patchUrl = `${url}/${id}`;
      const cleared = await call('PATCH', patchUrl, { product: { weight: 'NaN' } }, owner);
      expect(cleared.status, patchUrl).toBe(200);
      expect(await weightOf(id), patchUrl).toBeUndefined();
      await call('DELETE', `/stores/v1/products/${id}`, undefined, owner);
    }
  });

  it('read "NaN" on a variant\'s weight and the bulk weight as no weight; infinities are out of range', async () => {
    const created = await call('POST', '/stores/v1/products', baseProduct(), owner);
    const id = created.body.product.id as string;
    const variants = `/stores/v1/products/${id}/variants`;
    const variantWeights = async () =>
      (await call('GET', `/stores/v1/products/${id}`, undefined, owner)).body.product.variants.map(
        (v: { choices: { Size: string }; variant: { weight?: number } }) => [
          v.choices.Size,
          v.variant.weight,
        ],
      );
    await call('PATCH', variants, { variants: [{ choices: { Size: 'S' }, weight: 3 }] }, owner);
    expect(await variantWeights()).toEqual([
      ['S', 3],
      ['M', 1],
    ]);
    // The variant's own weight goes: it weighs what the product weighs.
    const clearedVariant = await call(
      'PATCH',
      variants,
      { variants: [{ choices: { Size: 'S' }, weight: 'NaN' }] },
      owner,
    );
    expect(clearedVariant.status).toBe(200);
    expect(await variantWeights()).toEqual([
      ['S', 1],
      ['M', 1],
    ]);
    // In a product write's variants too.
    await call('PATCH', variants, { variants: [{ choices: { Size: 'M' }, weight: 4 }] }, owner);
    const inProduct = await call(
      'PATCH',
      `/stores/v1/products/${id}`,
      { product: { variants: [{ choices: { Size: 'M' }, variant: { weight: 'NaN' } }] } },
      owner,
    );
    expect(inProduct.status).toBe(200);
    expect(await variantWeights()).toEqual([
      ['S', 1],
      ['M', 1],
    ]);
    const bulk = await call(
      'POST',
      '/stores/v1/bulk/products/update',
      { ids: [id], set: { weight: 'NaN' } },
      owner,
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body.bulkActionMetadata.totalSuccesses).toBe(1);
    const product = (await call('GET', `/stores/v1/products/${id}`, undefined, owner)).body.product;
    expect(product).not.toHaveProperty('weight');
    expect(await variantWeights()).toEqual([
      ['S', undefined],
      ['M', undefined],
    ]);
    // Infinities are no weight and not "none": out of range, naming the field, and nothing changes.
    await call('PATCH', `/stores/v1/products/${id}`, { product: { weight: 1 } }, owner);
    const before = (await call('GET', `/stores/v1/products/${id}`, undefined, owner)).body.product;
    const measures: [method: 'POST' | 'PATCH', url: string, body: (v: string) => unknown, field: string][] = [
      ...MEASURES.map(({ path, field }) => {
        const product: Record<string, unknown> = {};
        if (path.startsWith('variants')) product.variants = [{ choices: { Size: 'S' }, variant: {} }];
        return [
          'PATCH',
          `/stores/v1/products/${id}`,
          (v: string) => {
            const copy = structuredClone(product);
            setPath(copy, path, v);
            return { product: copy };
          },
          field,
        ] as [method: 'PATCH', url: string, body: (v: string) => unknown, field: string];
      }),
      ['PATCH', variants, (v) => ({ variants: [{ variantIds: [], weight: v }] }), 'variants[0].weight'],
      ['POST', '/stores/v1/bulk/products/update', (v) => ({ ids: [id], set: { weight: v } }), 'set.weight'],
    ];
    for (const [method, url, body, field] of measures) {
      for (const { sent, rule, description } of refusalsFor('weight').slice(1)) {
        const reply = await call(method, url, body(sent), owner);
        expect(reply.status, `${url} ${field}=${sent}`).toBe(400);
        expect(reply.body.details.validationError.fieldViolations).toEqual([
          expect.objectContaining({
            field,
            violatedRule: rule,
            description: expect.stringMatching(description),
          }),
        ]);
      }
    }
    expect((await call('GET', `/stores/v1/products/${id}`, undefined, owner)).body.product).toEqual(before);
    await call('DELETE', `/stores/v1/products/${id}`, undefined, owner);
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
      expect.objectContaining({
        field: 'product.stock.quantity',
        violatedRule: 'VALIDATION',
        description: 'must be a whole number; "NaN" is not a stock quantity',
      }),
    ]);
    const fraction = await call(
      'PATCH',
      `/stores/v1/products/${productId}`,
      { product: { stock: { trackInventory: true, quantity: 1.5 } } },
      owner,
    );
    expect(fraction.body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({
        field: 'product.stock.quantity',
        violatedRule: 'VALIDATION',
        description: 'must be a whole number',
      }),
    ]);
  });
});
