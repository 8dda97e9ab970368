import { httpHelpers } from './http.js';
import { createTestApp, merchantKey, type TestApp } from './index.js';

/** A fresh app with an owner's key and a collection (Tops), for the catalog v3 product suites. */
export async function createCatalogV3App(): Promise<{ t: TestApp; owner: string; collectionId: string }> {
  const t = await createTestApp();
  const owner = await merchantKey(t.database, 'owner');
  const { call } = httpHelpers(() => t.app);
  const collectionId = (await call('POST', '/stores/v1/collections', { collection: { name: 'Tops' } }, owner))
    .body.collection.id;
  return { t, owner, collectionId };
}

/** A v3 variant's choice by option and choice name. */
export const names = (optionName: string, choiceName: string) => ({
  optionChoiceNames: { optionName, choiceName },
});

/**
 * A catalog v3 product body (the shape the public productsV3 module writes) using most of what our model
 * keeps: a free-text modifier, Size × Color swatch options, three listed variants of the four, in `collectionId`.
 * SKUs are unique within a store: a second tee in one store takes a `skuSuffix`.
 */
export const v3Tee = (collectionId: string, skuSuffix = '') => ({
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
          sku: `TEE-S-BLK${skuSuffix}`,
          physicalProperties: { weight: 0.2 },
          revenueDetails: { cost: { amount: '8' } },
        },
        {
          choices: [names('Size', 'M'), names('Color', 'Black')],
          price: { actualPrice: { amount: '22.50' }, compareAtPrice: { amount: '27.50' } },
          sku: `TEE-M-BLK${skuSuffix}`,
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
