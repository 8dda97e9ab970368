import { productsV3 } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKitchenCatalog, startWixStoresApp, type WixStoresApp } from '../../testing/wix-stores.js';

// The public @wix/stores client, unchanged, against a listening server (wire-protocol.md §1.3): a
// real client nobody here wrote. If it fails against the server, the server is wrong.
// Writes: updates, bulk edits, deletes, refused input, catalog v3. Reads are in wix-sdk-reads.test.ts.
let s: WixStoresApp;
let ids: Awaited<ReturnType<typeof createKitchenCatalog>>['ids'];
beforeAll(async () => {
  s = await startWixStoresApp();
  ({ ids } = await createKitchenCatalog(s.merchant()));
});
afterAll(() => s.close());

describe('@wix/stores writes against this server', () => {
  it('a merchant client updates, bulk-edits and deletes', async () => {
    const admin = s.merchant();
    const updated = await admin.products.updateProduct(ids.mug, {
      name: 'Big Mug',
      priceData: { price: 14 },
    });
    expect(updated.product).toMatchObject({ name: 'Big Mug', slug: 'mug', priceData: { price: 14 } });
    const set = await admin.products.bulkUpdateProductsProperty([ids.mug, 'missing'], { price: 9.99 });
    expect(set.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(set.results?.[0]?.itemMetadata).toMatchObject({ _id: ids.mug, success: true, originalIndex: 0 });
    expect(set.results?.[1]?.itemMetadata).toMatchObject({
      success: false,
      error: { code: 'PRODUCT_NOT_FOUND' },
    });
    const adjusted = await admin.products.bulkAdjustProductProperty(
      { price: { percentage: { rate: -10 } } },
      [ids.mug],
    );
    expect(adjusted.bulkActionMetadata?.totalSuccesses).toBe(1);
    expect((await admin.products.getProduct(ids.mug)).product?.priceData?.price).toBe(8.99);
    await admin.products.updateProductVariants(ids.tee, [{ choices: { Size: 'M' }, price: 25 }]);
    expect((await admin.products.getProduct(ids.tee)).product?.priceRange).toEqual({
      minValue: 20,
      maxValue: 25,
    });
    await admin.products.removeProductsFromCollection(ids.kitchen, [ids.tee]);
    await admin.products.deleteProduct(ids.tee);
    await expect(s.shopper().products.getProduct(ids.tee)).rejects.toMatchObject({
      details: { applicationError: { code: 'PRODUCT_NOT_FOUND' } },
    });
  });

  it('surfaces our errors the way the client reads them', async () => {
    await expect(
      s.shopper().products.createProduct({ name: 'x', priceData: { price: 1 } }),
    ).rejects.toMatchObject({
      details: { applicationError: { code: 'UNAUTHENTICATED' } },
    });
    await expect(s.shopper().products.queryProducts().limit(500).find()).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [expect.objectContaining({ violatedRule: 'MAX' })] } },
    });
  });

  it('reads the NaN weight the client sends as "NaN" as no weight, and refuses NaN and infinite prices by name', async () => {
    const admin = s.merchant();
    const sent: string[] = [];
    const routed = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      if (typeof init?.body === 'string') sent.push(init.body);
      return routed(input, init);
    }) as typeof fetch;
    try {
      const count = (await s.shopper().products.queryProducts().find()).totalCount;
      // An optional measure: NaN is "no weight", absent on create and cleared on update.
      const feather = await admin.products.createProduct({
        name: 'Feather',
        priceData: { price: 3 },
        weight: Number.NaN,
      });
      const featherId = feather.product?._id as string;
      expect(feather.product?.weight).toBeUndefined();
      expect((await admin.products.updateProduct(featherId, { weight: 2 })).product?.weight).toBe(2);
      const cleared = await admin.products.updateProduct(featherId, { weight: Number.NaN });
      expect(cleared.product?.weight).toBeUndefined();
      expect((await admin.products.getProduct(featherId)).product?.weight).toBeUndefined();
      await admin.products.deleteProduct(featherId);
      // A price must be a number: NaN and the infinities are refused, naming the field in plain words.
      for (const price of [Number.NaN, Infinity]) {
        const updated = admin.products.updateProduct(ids.mug, { priceData: { price } });
        await expect(updated).rejects.toMatchObject({
          status: 400,
          details: {
            validationError: {
              fieldViolations: [
                expect.objectContaining({
                  field: 'product.priceData.price',
                  violatedRule: Number.isNaN(price) ? 'VALIDATION' : 'MAX',
                  description: Number.isNaN(price)
                    ? 'must be a number; "NaN" is not a price'
                    : 'must be a number up to 999999999.99; "Infinity" is not a price',
                }),
              ],
            },
          },
        });
      }
      const variants = admin.products.updateProductVariants(ids.mug, [{ variantIds: [], weight: -Infinity }]);
      await expect(variants).rejects.toMatchObject({ status: 400 });
      const adjusted = admin.products.bulkAdjustProductProperty({ price: { amount: Number.NaN } }, [ids.mug]);
      await expect(adjusted).rejects.toMatchObject({
        details: {
          validationError: {
            fieldViolations: [
              expect.objectContaining({
                field: 'adjust.price.amount',
                description: 'must be a number; "NaN" is not an amount',
              }),
            ],
          },
        },
      });
      // The client sent the protocol's spellings, not null (which JSON.stringify would make of NaN).
      expect(sent.join('\n')).toContain('"weight":"NaN"');
      expect(sent.join('\n')).toContain('"price":"Infinity"');
      expect(sent.join('\n')).toContain('"weight":"-Infinity"');
      expect((await s.shopper().products.queryProducts().find()).totalCount).toBe(count);
      expect((await admin.products.getProduct(ids.mug)).product?.priceData?.price).toBe(8.99);
    } finally {
      globalThis.fetch = routed;
    }
  });

  it('the productsV3 module creates, updates and deletes catalog v3 products, kept in our model', async () => {
    const admin = s.merchant();
    const choice = (optionName: string, choiceName: string) => ({
      optionChoiceNames: { optionName, choiceName },
    });
    const created = await admin.productsV3.createProduct({
      name: 'Trail Cap',
      productType: productsV3.ProductType.PHYSICAL,
      physicalProperties: {},
      plainDescription: 'Light cap.',
      brand: { name: 'Ridge' },
      options: [
        {
          name: 'Size',
          optionRenderType: productsV3.ProductOptionRenderType.TEXT_CHOICES,
          choicesSettings: { choices: [{ name: 'S' }, { name: 'L' }] },
        },
      ],
      variantsInfo: {
        variants: [
          {
            choices: [choice('Size', 'S')],
            price: { actualPrice: { amount: '18' } },
            physicalProperties: { weight: 0.1 },
          },
          { choices: [choice('Size', 'L')], price: { actualPrice: { amount: '19.5' } }, sku: 'CAP-L' },
        ],
      },
    });
    expect(s.requests).toContain('POST /stores/v3/products');
    expect(created._id).toEqual(expect.any(String));
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created).toMatchObject({
      name: 'Trail Cap',
      brand: { name: 'Ridge' },
      actualPriceRange: { minValue: { amount: '18.00' }, maxValue: { amount: '19.50' } },
    });
    const kept = (await admin.products.getProduct(created._id as string)).product;
    expect(kept).toMatchObject({ description: 'Light cap.', brand: 'Ridge', priceData: { price: 18 } });
    expect(kept?.variants?.find((v) => v.choices?.Size === 'L')?.variant).toMatchObject({
      priceData: { price: 19.5 },
      sku: 'CAP-L',
    });

    const updated = await admin.productsV3.updateProduct(created._id as string, {
      revision: created.revision as string,
      name: 'Trail Cap 2',
    });
    expect(updated.name).toBe('Trail Cap 2');
    // A variant weight of NaN is no weight: the variant's own weight (0.1) goes.
    const unweighedV3 = await admin.productsV3.updateProduct(created._id as string, {
      revision: updated.revision as string,
      variantsInfo: {
        variants: [{ choices: [choice('Size', 'S')], physicalProperties: { weight: Number.NaN } }],
      },
    });
    const unweighed = (await admin.products.getProduct(created._id as string)).product;
    expect(unweighed?.variants?.find((v) => v.choices?.Size === 'S')?.variant?.weight).toBeUndefined();
    await expect(
      admin.productsV3.updateProduct(created._id as string, {
        revision: unweighedV3.revision as string,
        variantsInfo: {
          variants: [{ choices: [choice('Size', 'S')], price: { actualPrice: { amount: 'NaN' } } }],
        },
      }),
    ).rejects.toMatchObject({
      status: 400,
      details: {
        validationError: {
          fieldViolations: [
            expect.objectContaining({
              field: 'product.variantsInfo.variants[0].price.actualPrice.amount',
              violatedRule: 'VALIDATION',
              description: 'must be a number; "NaN" is not a price',
            }),
          ],
        },
      },
    });
    await expect(
      admin.productsV3.createProduct({
        name: 'Barcoded',
        productType: productsV3.ProductType.PHYSICAL,
        variantsInfo: {
          variants: [{ choices: [], barcode: '0123', price: { actualPrice: { amount: '1' } } }],
        },
      }),
    ).rejects.toMatchObject({
      status: 400,
      details: {
        validationError: {
          fieldViolations: [expect.objectContaining({ violatedRule: 'FIELD_NOT_ALLOWED' })],
        },
      },
    });
    await admin.productsV3.deleteProduct(created._id as string);
    await expect(s.shopper().products.getProduct(created._id as string)).rejects.toMatchObject({
      details: { applicationError: { code: 'PRODUCT_NOT_FOUND' } },
    });
  });
});
