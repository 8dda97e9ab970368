import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogV3App, names, v3Tee as v3TeeBody } from '../../../testing/catalog-v3.js';
import { httpHelpers, type TestApp } from '../../../testing/index.js';

// Catalog v3 product bodies (the shape the public productsV3 module writes) on the v2 write proxy and on
// /stores/v3/products: what our model cannot hold is refused by name, and
// nothing stored. What is kept: products-v3.routes.test.ts.
let t: TestApp;
let owner: string;
let collectionId = '';
beforeAll(async () => {
  ({ t, owner, collectionId } = await createCatalogV3App());
});
afterAll(() => t.close());

const { call, fields } = httpHelpers(() => t.app);
const v3Tee = () => v3TeeBody(collectionId);

describe('catalog v3 products refused on the write proxy', () => {
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

  it('reads "NaN" on a v3 weight as no weight, and refuses infinities and a price that is not a number', async () => {
    for (const [sent, rule] of [
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
    for (const [sent, rule, description] of [
      ['NaN', 'VALIDATION', 'must be a number; "NaN" is not a price'],
      ['Infinity', 'MAX', 'must be a number up to 999999999.99; "Infinity" is not a price'],
      [
        '-1',
        'FORMAT',
        'must be a decimal amount of at least 0 such as "12.50", with at most the decimals USD has',
      ],
    ]) {
      const body = v3Tee();
      (body.product.variantsInfo.variants[0] as { price: { actualPrice: { amount: string } } }).price = {
        actualPrice: { amount: sent as string },
      };
      const reply = await call('POST', '/v2/products-platformized', body, owner);
      expect(reply.status, sent).toBe(400);
      expect(reply.body.details.validationError.fieldViolations).toEqual([
        expect.objectContaining({
          field: 'product.variantsInfo.variants[0].price.actualPrice.amount',
          violatedRule: rule,
          description,
        }),
      ]);
    }
    const body = v3Tee();
    (
      body.product.variantsInfo.variants[1] as { physicalProperties: { weight: unknown } }
    ).physicalProperties.weight = 'NaN';
    const kept = await call('POST', '/v2/products-platformized', body, owner);
    expect(kept.status).toBe(200);
    const read = await call('GET', `/stores/v1/products/${kept.body.product.id}`, undefined, owner);
    expect(read.body.product.variants[1].variant).not.toHaveProperty('weight');
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
});
