import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, httpHelpers, merchantKey, type TestApp } from '../../testing/index.js';

// Catalog v3 product bodies (the shape the public productsV3 module writes) on the v2 write proxy and on
// /stores/v3/products: kept in our model, answered in the v3 shape, and what cannot be kept refused by name.
let t: TestApp;
let owner: string;
let collectionId = '';
beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database, 'owner');
  collectionId = (await call('POST', '/stores/v1/collections', { collection: { name: 'Tops' } }, owner)).body
    .collection.id;
});
afterAll(() => t.close());

const { call, fields } = httpHelpers(() => t.app);

const names = (optionName: string, choiceName: string) => ({ optionChoiceNames: { optionName, choiceName } });
const v3Tee = () => ({
  product: {
    name: 'Field Tee',
    productType: 'PHYSICAL',
    plainDescription: '<p>Organic cotton.</p>',
    visible: true,
    physicalProperties: {},
    brand: { name: 'Loom' },
    ribbon: { name: 'New' },
    media: { itemsInfo: { items: [{ url: 'https://images.example/tee.jpg', altText: 'A tee' }] } },
    infoSections: [{ title: 'Care', plainDescription: 'Wash cold.' }],
    modifiers: [
      {
        modifierRenderType: 'FREE_TEXT',
        mandatory: true,
        freeTextSettings: { title: 'Initials', maxCharCount: 3 },
      },
    ],
    directCategoriesInfo: { categories: [{ id: collectionId }] },
    options: [
      {
        name: 'Size',
        optionRenderType: 'TEXT_CHOICES',
        choicesSettings: {
          choices: [
            { name: 'S', choiceType: 'CHOICE_TEXT' },
            { name: 'M', choiceType: 'CHOICE_TEXT' },
          ],
        },
      },
      {
        name: 'Color',
        optionRenderType: 'SWATCH_CHOICES',
        choicesSettings: {
          choices: [
            { name: 'Black', choiceType: 'ONE_COLOR', colorCode: '#222222' },
            { name: 'Sand', choiceType: 'ONE_COLOR', colorCode: '#d8c8a8' },
          ],
        },
      },
    ],
    variantsInfo: {
      variants: [
        {
          choices: [names('Size', 'S'), names('Color', 'Black')],
          price: { actualPrice: { amount: '20.00' }, compareAtPrice: { amount: '25.00' } },
          sku: 'TEE-S-BLK',
          physicalProperties: { weight: 0.2 },
          revenueDetails: { cost: { amount: '8' } },
        },
        {
          choices: [names('Size', 'M'), names('Color', 'Black')],
          price: { actualPrice: { amount: '22.50' }, compareAtPrice: { amount: '27.50' } },
          sku: 'TEE-M-BLK',
          physicalProperties: { weight: 0.25 },
        },
        {
          choices: [names('Size', 'S'), names('Color', 'Sand')],
          price: { actualPrice: { amount: '20' }, compareAtPrice: { amount: '25' } },
          visible: true,
        },
      ],
    },
  },
});

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
        { product: { ...v3Tee().product, name: 'Echo' } },
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

  it('refuses by name what our model cannot hold, and stores nothing', async () => {
    const count = async () =>
      (await call('POST', '/stores/v1/products/query', { query: {} }, owner)).body.metadata.total;
    const before = await count();
    const body = v3Tee();
    const product = body.product as Record<string, unknown> & typeof body.product;
    Object.assign(product, {
      name: 'Refused',
      description: { nodes: [] },
      taxGroupId: 'tg-1',
      priceData: { price: 3 },
      brand: { id: 'brand-1' },
    });
    product.variantsInfo.variants[0] = {
      ...product.variantsInfo.variants[0],
      barcode: '012345',
      choices: [{ optionChoiceIds: { optionId: 'o', choiceId: 'c' } }],
    } as never;
    product.options[0]?.choicesSettings.choices.push({ name: 'Photo', choiceType: 'IMAGE' } as never);
    const { status, body: reply } = await call('POST', '/v2/products-platformized', body, owner);
    expect(status).toBe(400);
    expect(fields(reply)).toEqual([
      'product.brand.id FIELD_NOT_ALLOWED',
      'product.description FIELD_NOT_ALLOWED',
      'product.options[0].choicesSettings.choices[2].choiceType FIELD_NOT_ALLOWED',
      'product.priceData FIELD_NOT_ALLOWED',
      'product.taxGroupId FIELD_NOT_ALLOWED',
      'product.variantsInfo.variants[0].barcode FIELD_NOT_ALLOWED',
      'product.variantsInfo.variants[0].choices[0] FIELD_NOT_ALLOWED',
    ]);
    const uneven = v3Tee();
    const [first] = uneven.product.variantsInfo.variants;
    if (first) first.price.compareAtPrice = { amount: '21.00' };
    expect(fields((await call('POST', '/stores/v3/products', uneven, owner)).body)).toEqual([
      'product.variantsInfo.variants FIELD_NOT_ALLOWED',
    ]);
    expect(
      fields((await call('POST', '/stores/v3/products', { product: { name: 'No variants' } }, owner)).body),
    ).toEqual(['product.variantsInfo REQUIRED_FIELD']);
    const unpriced = { product: { name: 'No price', variantsInfo: { variants: [{ choices: [] }] } } };
    expect(fields((await call('POST', '/stores/v3/products', unpriced, owner)).body)).toEqual([
      'product.variantsInfo.variants[0].price.actualPrice.amount REQUIRED_FIELD',
    ]);
    expect(await count()).toBe(before);
  });

  it('reads "NaN"/"Infinity" on v3 float fields and refuses them where a finite number is needed', async () => {
    for (const [sent, rule] of [
      ['NaN', 'VALIDATION'],
      ['Infinity', 'MAX'],
      ['-Infinity', 'MIN'],
    ]) {
      const body = v3Tee();
      (
        body.product.variantsInfo.variants[1] as { physicalProperties: { weight: unknown } }
      ).physicalProperties.weight = sent;
      const reply = await call('POST', '/v2/products-platformized', body, owner);
      expect(reply.status).toBe(400);
      expect(fields(reply.body)).toEqual([
        `product.variantsInfo.variants[1].physicalProperties.weight ${rule}`,
      ]);
    }
  });

  it('refuses too many combinations with the product rule, without building them (v3 and v1)', async () => {
    const options = Array.from({ length: 6 }, (_, i) => ({
      name: `O${i}`,
      choicesSettings: { choices: Array.from({ length: 100 }, (_, j) => ({ name: `c${j}` })) },
    }));
    const variants = [
      { choices: options.map((o) => names(o.name, 'c0')), price: { actualPrice: { amount: '1' } } },
    ];
    const started = Date.now();
    const { status, body } = await call(
      'POST',
      '/v2/products-platformized',
      { product: { name: 'Huge', options, variantsInfo: { variants } } },
      owner,
    );
    expect(status).toBe(400);
    expect(body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: expect.stringContaining('productOptions'), violatedRule: 'MAX_SIZE' }),
    ]);
    // The same on a v1 body (it used to build all 10^12 combinations before refusing them).
    const v1 = await call(
      'POST',
      '/stores/v1/products',
      {
        product: {
          name: 'Huge',
          priceData: { price: 1 },
          manageVariants: true,
          productOptions: options.map((o) => ({
            name: o.name,
            choices: o.choicesSettings.choices.map((c) => ({ value: c.name })),
          })),
        },
      },
      owner,
    );
    expect(fields(v1.body)).toEqual(['product.productOptions MAX_SIZE']);
    expect(Date.now() - started).toBeLessThan(5000);
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
