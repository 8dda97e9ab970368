import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogV3App, v3Tee as v3TeeBody } from '../../../testing/catalog-v3.js';
import { httpHelpers, type TestApp } from '../../../testing/index.js';

// Catalog v3 product bodies (the shape the public productsV3 module writes) on the v2 write proxy and on
// /stores/v3/products: kept in our model and answered in the v3 shape.
// What cannot be kept is refused by name: products-v3-refusals.routes.test.ts.
let t: TestApp;
let owner: string;
let collectionId = '';
beforeAll(async () => {
  ({ t, owner, collectionId } = await createCatalogV3App());
});
afterAll(() => t.close());

const { call, fields } = httpHelpers(() => t.app);
const v3Tee = (skuSuffix = '') => v3TeeBody(collectionId, skuSuffix);

describe('catalog v3 products on the write proxy', () => {
  let id = '';

  it('creates one on POST /v2/products-platformized and answers in the v3 shape', async () => {
    const { status, body } = await call('POST', '/v2/products-platformized', v3Tee(), owner);
    expect(status, JSON.stringify(body)).toBe(200);
    id = body.product.id;
    expect(body.product).toMatchObject({
      name: 'Field Tee',
      slug: 'field-tee',
      productType: 'PHYSICAL',
      plainDescription: '<p>Organic cotton.</p>',
      revision: expect.stringMatching(/^\d+$/),
      brand: { name: 'Loom' },
      ribbon: { name: 'New' },
      currency: 'USD',
      options: [
        { name: 'Size', optionRenderType: 'TEXT_CHOICES' },
        {
          name: 'Color',
          optionRenderType: 'SWATCH_CHOICES',
          choicesSettings: {
            choices: [{ name: 'Black', choiceType: 'ONE_COLOR', colorCode: '#222222' }, expect.anything()],
          },
        },
      ],
      modifiers: [
        {
          modifierRenderType: 'FREE_TEXT',
          mandatory: true,
          freeTextSettings: { title: 'Initials', maxCharCount: 3 },
        },
      ],
      infoSections: [{ title: 'Care', plainDescription: 'Wash cold.' }],
      directCategoriesInfo: { categories: [{ id: collectionId }] },
      actualPriceRange: { minValue: { amount: '20.00' }, maxValue: { amount: '22.50' } },
      compareAtPriceRange: { minValue: { amount: '25.00' }, maxValue: { amount: '27.50' } },
      inventory: { availabilityStatus: 'IN_STOCK' },
    });
    const variant = (size: string, color: string) =>
      body.product.variantsInfo.variants.find(
        (v: { choices: { optionChoiceNames: { optionName: string; choiceName: string } }[] }) =>
          v.choices.some((c) => c.optionChoiceNames.choiceName === size) &&
          v.choices.some((c) => c.optionChoiceNames.choiceName === color),
      );
    expect(variant('S', 'Black')).toMatchObject({
      sku: 'TEE-S-BLK',
      visible: true,
      price: {
        actualPrice: { amount: '20.00', formattedAmount: '$20.00' },
        compareAtPrice: { amount: '25.00' },
      },
      physicalProperties: { weight: 0.2 },
      revenueDetails: { cost: { amount: '8.00' } },
    });
    expect(variant('M', 'Black')).toMatchObject({
      price: { actualPrice: { amount: '22.50' } },
      physicalProperties: { weight: 0.25 },
    });
    // A combination the v3 product does not list exists in our model, hidden.
    expect(variant('M', 'Sand')).toMatchObject({ visible: false });
  });

  it('keeps every field in our model, as the v1 read shows it', async () => {
    const { body } = await call(
      'GET',
      `/stores/v1/products/${id}?includeMerchantSpecificData=true`,
      undefined,
      owner,
    );
    expect(body.product).toMatchObject({
      description: '<p>Organic cotton.</p>',
      brand: 'Loom',
      ribbon: 'New',
      priceData: { price: 25, discountedPrice: 20 },
      discount: { type: 'AMOUNT', value: 5 },
      collectionIds: [collectionId],
      additionalInfoSections: [{ title: 'Care', description: 'Wash cold.' }],
      customTextFields: [{ title: 'Initials', maxLength: 3, mandatory: true }],
      media: { items: [{ image: { url: 'https://images.example/tee.jpg', altText: 'A tee' } }] },
      productOptions: [
        { name: 'Size', optionType: 'drop_down' },
        {
          name: 'Color',
          optionType: 'color',
          choices: [{ value: '#222222', description: 'Black' }, expect.anything()],
        },
      ],
    });
    const byChoices = Object.fromEntries(
      body.product.variants.map((v: { choices: Record<string, string> }) => [
        `${v.choices.Size}/${v.choices.Color}`,
        v,
      ]),
    );
    expect(byChoices['M/Black'].variant).toMatchObject({
      priceData: { price: 27.5, discountedPrice: 22.5 },
      sku: 'TEE-M-BLK',
      weight: 0.25,
    });
    expect(byChoices['S/Black'].variant).toMatchObject({
      costAndProfitData: { itemCost: 8 },
      sku: 'TEE-S-BLK',
    });
    expect(byChoices['M/Sand'].variant.visible).toBe(false);
  });

  it('updates with PATCH on /v2/products-platformized/{id} and /stores/v3/products/{id}, echoing read-only fields', async () => {
    const read = (
      await call(
        'POST',
        '/v2/products-platformized',
        { product: { ...v3Tee('-ECHO').product, name: 'Echo' } },
        owner,
      )
    ).body.product;
    const changed = {
      ...read,
      name: 'Echo Tee',
      variantsInfo: {
        variants: read.variantsInfo.variants.map((v: { price: unknown }) => ({
          ...v,
          price: { actualPrice: { amount: '30' }, compareAtPrice: { amount: '30' } },
        })),
      },
    };
    for (const url of [`/v2/products-platformized/${read.id}`, `/stores/v3/products/${read.id}`]) {
      const { status, body } = await call('PATCH', url, { product: changed }, owner);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.product).toMatchObject({
        name: 'Echo Tee',
        actualPriceRange: { minValue: { amount: '30.00' }, maxValue: { amount: '30.00' } },
      });
      expect(body.product.variantsInfo.variants[0].price.compareAtPrice).toBeUndefined();
    }
    const v1 = (await call('GET', `/stores/v1/products/${read.id}`)).body.product;
    expect(v1).toMatchObject({
      name: 'Echo Tee',
      priceData: { price: 30, discountedPrice: 30 },
      discount: { type: 'NONE' },
    });
    expect((await call('DELETE', `/stores/v3/products/${read.id}`, undefined, owner)).body).toEqual({});
  });

  it('still reads catalog v1 bodies on the proxy, answered in v1', async () => {
    const { body } = await call(
      'POST',
      '/v2/products-platformized',
      { product: { name: 'Plain', priceData: { price: 5 } } },
      owner,
    );
    expect(body.product).toMatchObject({ name: 'Plain', priceData: { price: 5 }, productOptions: [] });
    const bad = await call(
      'POST',
      '/v2/products-platformized',
      { product: { priceData: { price: -1 } } },
      owner,
    );
    expect(fields(bad.body)).toEqual(['product.name REQUIRED_FIELD', 'product.priceData.price MIN']);
  });

  it("a product without options is one variant: its price, sku and weight are the product's", async () => {
    const single = {
      product: {
        name: 'Mug',
        productType: 'PHYSICAL',
        variantsInfo: {
          variants: [
            {
              choices: [],
              price: { actualPrice: { amount: '12.5' } },
              sku: 'MUG',
              physicalProperties: { weight: 0.4 },
            },
          ],
        },
      },
    };
    const { status, body } = await call('POST', '/stores/v3/products', single, owner);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.product.variantsInfo.variants).toEqual([
      expect.objectContaining({
        sku: 'MUG',
        choices: [],
        price: { actualPrice: { amount: '12.50', formattedAmount: '$12.50' } },
      }),
    ]);
    const v1 = (await call('GET', `/stores/v1/products/${body.product.id}`)).body.product;
    expect(v1).toMatchObject({ priceData: { price: 12.5 }, sku: 'MUG', weight: 0.4, productOptions: [] });
  });
});
