import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductRecord, VariantRecord } from '../catalog.types.js';
import {
  choiceCombinations,
  costAndProfit,
  DEFAULT_VARIANT_ID,
  dedupeSlug,
  discountedMinor,
  inventoryStatus,
  normalizeSelection,
  slugify,
  viewProduct,
} from './product.rules.js';

const variant = (overrides: Partial<VariantRecord> = {}): VariantRecord => ({
  id: DEFAULT_VARIANT_ID,
  choices: {},
  position: 0,
  priceMinor: null,
  costMinor: null,
  weight: null,
  sku: null,
  visible: true,
  trackQuantity: false,
  quantity: null,
  inStock: true,
  ...overrides,
});

const product = (overrides: Partial<ProductRecord> = {}): ProductRecord => ({
  id: 'p-1',
  numericId: 1001,
  name: 'Mug',
  slug: 'mug',
  description: '',
  productType: 'physical',
  visible: true,
  sku: 'MUG',
  weight: 0.3,
  brand: null,
  ribbon: null,
  currency: 'USD',
  priceMinor: 1250,
  costMinor: 400,
  discount: { type: 'NONE', value: 0 },
  pricePerUnit: null,
  manageVariants: false,
  productOptions: [],
  media: [],
  collectionIds: [],
  additionalInfoSections: [],
  customTextFields: [],
  seoData: null,
  subscriptionOptions: null,
  digitalFiles: [],
  giftCard: false,
  createdDate: new Date(0),
  lastUpdated: new Date(0),
  variants: [variant()],
  ...overrides,
});

describe('derived prices', () => {
  it('applies AMOUNT and PERCENT discounts, rounding half up, never below zero', () => {
    expect(discountedMinor(1250, { type: 'NONE', value: 0 })).toBe(1250);
    expect(discountedMinor(1250, { type: 'AMOUNT', value: 300 })).toBe(950);
    expect(discountedMinor(1250, { type: 'AMOUNT', value: 5000 })).toBe(0);
    expect(discountedMinor(1250, { type: 'PERCENT', value: 1000 })).toBe(1125);
    // 12.5 % of 999 = 124.875 → 125 off
    expect(discountedMinor(999, { type: 'PERCENT', value: 1250 })).toBe(874);
    // 50 % of 5 = 2.5 → 3 off (half up)
    expect(discountedMinor(5, { type: 'PERCENT', value: 5000 })).toBe(2);
  });

  it('never returns a negative or fractional amount for any price and discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.integer({ min: 0, max: 10_000 }),
        (price, bp) => {
          const result = discountedMinor(price, { type: 'PERCENT', value: bp });
          return Number.isSafeInteger(result) && result >= 0 && result <= price;
        },
      ),
    );
  });

  it('derives profit and margin from the discounted price and cost', () => {
    expect(costAndProfit(1125, 400)).toEqual({ itemCostMinor: 400, profitMinor: 725, profitMargin: 0.6444 });
    expect(costAndProfit(0, 400).profitMargin).toBe(0);
  });

  it('computes ranges over visible variants and per-variant overrides', () => {
    const view = viewProduct(
      product({
        manageVariants: true,
        variants: [
          variant({ id: 'a', choices: { Size: 'S' }, priceMinor: 1000, weight: 0.2 }),
          variant({ id: 'b', choices: { Size: 'M' }, costMinor: 500 }),
          variant({ id: 'c', choices: { Size: 'L' }, priceMinor: 9999, visible: false }),
        ],
      }),
    );
    expect(view.priceRange).toEqual({ min: 1000, max: 1250 });
    expect(view.costRange).toEqual({ min: 400, max: 500 });
    expect(view.weightRange).toEqual({ min: 0.2, max: 0.3 });
    // A managed variant has its own SKU or none, never a copy of the product's.
    expect(view.variants[1]?.sku).toBeNull();
    const single = viewProduct(product({ variants: [variant({ id: 'default' })] }));
    expect(single.variants[0]?.sku).toBe('MUG');
  });
});

describe('inventory status', () => {
  it('is derived from the visible variants', () => {
    const tracked = (quantity: number, visible = true) => variant({ trackQuantity: true, quantity, visible });
    expect(inventoryStatus([tracked(2), tracked(1)])).toBe('IN_STOCK');
    expect(inventoryStatus([tracked(2), tracked(0)])).toBe('PARTIALLY_OUT_OF_STOCK');
    expect(inventoryStatus([tracked(0), variant({ inStock: false })])).toBe('OUT_OF_STOCK');
    expect(inventoryStatus([tracked(2), tracked(0, false)])).toBe('IN_STOCK');
    expect(inventoryStatus([tracked(5, false)])).toBe('OUT_OF_STOCK');
  });

  it('sums tracked quantities into the product stock', () => {
    const view = viewProduct(
      product({
        variants: [
          variant({ id: 'a', trackQuantity: true, quantity: 2 }),
          variant({ id: 'b', trackQuantity: true, quantity: 3 }),
        ],
      }),
    );
    expect(view.stock).toEqual({
      trackInventory: true,
      quantity: 5,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
    });
  });
});

describe('variants and options', () => {
  const options = [
    {
      name: 'Size',
      optionType: 'drop_down' as const,
      choices: ['S', 'M'].map((v) => ({ value: v, description: v, mediaIds: [] })),
    },
    {
      name: 'Color',
      optionType: 'color' as const,
      choices: [
        { value: '#ff0000', description: 'Red', mediaIds: [] },
        { value: '#0000ff', description: 'Blue', mediaIds: [] },
      ],
    },
  ];

  it('generates the cartesian product of choices in option order', () => {
    expect(choiceCombinations(options)).toEqual([
      { Size: 'S', Color: 'Red' },
      { Size: 'S', Color: 'Blue' },
      { Size: 'M', Color: 'Red' },
      { Size: 'M', Color: 'Blue' },
    ]);
    expect(choiceCombinations([])).toEqual([{}]);
  });

  it('accepts selections by description, colour value or different case, and names unknown options', () => {
    expect(normalizeSelection(options, { Color: '#0000ff', size: 'm' })).toEqual({
      choices: { Color: 'Blue', Size: 'M' },
      unknown: [],
    });
    expect(normalizeSelection(options, { Material: 'Oak', Size: 'XL' }).unknown).toEqual([
      'Material',
      'Size',
    ]);
  });
});

describe('slugs', () => {
  it('makes URL-safe slugs from names', () => {
    expect(slugify('Crème Brûlée Mug — 350 ml')).toBe('creme-brulee-mug-350-ml');
    expect(slugify('Salt & Pepper')).toBe('salt-and-pepper');
    expect(slugify('!!!')).toBe('item');
    expect(slugify('x'.repeat(150))).toHaveLength(100);
  });

  it('dedupes with -2, -3 …', () => {
    expect(dedupeSlug('mug', new Set())).toBe('mug');
    expect(dedupeSlug('mug', new Set(['mug', 'mug-2']))).toBe('mug-3');
    const long = 'a'.repeat(100);
    expect(dedupeSlug(long, new Set([long]))).toHaveLength(100);
  });
});
