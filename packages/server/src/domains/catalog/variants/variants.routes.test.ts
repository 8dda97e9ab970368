import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  httpHelpers,
  merchantKey,
  SHOPPER_TOKENS,
  type TestApp,
} from '../../../testing/index.js';

// Variant calls over HTTP: overrides, availability, product and store variant queries.
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ tokenResolvers: [SHOPPER_TOKENS] });
  owner = await merchantKey(t.database, 'owner');
});
afterAll(() => t.close());

const { call, fields, code } = httpHelpers(() => t.app);

describe('variants, availability and store variants', () => {
  let tee: { id: string; variants: { id: string; choices: Record<string, string> }[] };
  beforeAll(async () => {
    tee = (
      await call(
        'POST',
        '/stores/v1/products',
        {
          product: {
            name: 'Wool Tee',
            priceData: { price: 30 },
            manageVariants: true,
            productOptions: [
              { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] },
              {
                name: 'Color',
                optionType: 'color',
                choices: [
                  { value: '#000000', description: 'Black' },
                  { value: '#ffffff', description: 'White' },
                ],
              },
            ],
            stock: { trackInventory: true, quantity: 2 },
          },
        },
        owner,
      )
    ).body.product;
  });

  it('updates variants by choices, including stock, and resets them', async () => {
    const { status, body } = await call(
      'PATCH',
      `/stores/v1/products/${tee.id}/variants`,
      {
        id: tee.id,
        variants: [
          { choices: { Color: 'White' }, price: 35 },
          { choices: { Size: 'M', Color: 'Black' }, stock: { quantity: 0 } },
        ],
      },
      owner,
    );
    expect(status).toBe(200);
    const prices = body.variants.map(
      (v: { choices: Record<string, string>; variant: { priceData: { price: number } } }) => [
        v.choices.Color,
        v.variant.priceData.price,
      ],
    );
    expect(prices).toEqual([
      ['Black', 30],
      ['White', 35],
      ['Black', 30],
      ['White', 35],
    ]);
    const product = (await call('GET', `/stores-reader/v1/products/${tee.id}`)).body.product;
    expect(product.priceRange).toEqual({ minValue: 30, maxValue: 35 });
    expect(product.stock.inventoryStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    const bad = await call(
      'PATCH',
      `/stores/v1/products/${tee.id}/variants`,
      { variants: [{ choices: { Colour: 'White' }, price: -1 }] },
      owner,
    );
    expect(fields(bad.body)).toEqual(['variants[0].price MIN']);
    const unknownChoice = await call(
      'PATCH',
      `/stores/v1/products/${tee.id}/variants`,
      { variants: [{ choices: { Colour: 'White' } }] },
      owner,
    );
    expect(fields(unknownChoice.body)).toEqual(['variants[0].choices.Colour VALIDATION']);
    expect(
      (await call('POST', `/stores/v1/products/${tee.id}/variants/resetToDefault`, { id: tee.id }, owner))
        .body,
    ).toEqual({});
    expect((await call('GET', `/stores-reader/v1/products/${tee.id}`)).body.product.priceRange).toEqual({
      minValue: 30,
      maxValue: 30,
    });
  });

  it('answers productOptionsAvailability for partial and full selections', async () => {
    const partial = await call('POST', `/stores-reader/v1/products/${tee.id}/productOptionsAvailability`, {
      id: tee.id,
      options: { Size: 'M' },
    });
    expect(partial.body.selectedVariant).toBeUndefined();
    expect(partial.body.availableForPurchase).toBe(false);
    const colors = partial.body.productOptions[1].choices;
    expect(colors.map((c: { description: string; inStock: boolean }) => [c.description, c.inStock])).toEqual([
      ['Black', false],
      ['White', true],
    ]);
    const full = await call('POST', `/v1/products/${tee.id}/productOptionsAvailability`, {
      options: { Size: 'S', Color: 'White' },
    });
    expect(full.body).toMatchObject({
      availableForPurchase: true,
      selectedVariant: { price: { price: 30 }, inStock: true, quantity: 2, visible: true },
    });
    const soldOut = await call('POST', `/v1/products/${tee.id}/productOptionsAvailability`, {
      options: { Size: 'M', Color: 'Black' },
    });
    expect(soldOut.body).toMatchObject({ availableForPurchase: false, selectedVariant: { inStock: false } });
    const bad = await call('POST', `/v1/products/${tee.id}/productOptionsAvailability`, {
      options: { Size: 'XXL' },
    });
    expect(fields(bad.body)).toEqual(['options.Size VALIDATION']);
  });

  it('queries a product variants by choices and ids, and store variants across products', async () => {
    const byChoice = await call('POST', `/stores-reader/v1/products/${tee.id}/variants/query`, {
      choices: { Size: 'S' },
      paging: { limit: 1 },
    });
    expect(byChoice.body).toMatchObject({ metadata: { items: 1, offset: 0 }, totalResults: 2 });
    const first = tee.variants[0] as { id: string };
    const byId = await call('POST', `/v1/products/${tee.id}/variants/query`, { variantIds: [first.id] });
    expect(byId.body.variants.map((v: { id: string }) => v.id)).toEqual([first.id]);
    const store = await call('POST', '/stores-reader/v1/variants/query', {
      query: { filter: { productId: tee.id }, sort: [{ fieldName: 'sku' }] },
    });
    expect(store.body.metadata.total).toBe(4);
    const storeId = `${tee.id}-${first.id}`;
    const one = await call('GET', `/stores-reader/v1/variants/${storeId}`);
    expect(one.body.variant).toMatchObject({
      id: storeId,
      productId: tee.id,
      variantName: 'S / Black',
      productName: 'Wool Tee',
      managedVariant: true,
    });
    expect(code((await call('GET', '/stores-reader/v1/variants/nonsense')).body)).toBe('VARIANT_NOT_FOUND');
  });
});
