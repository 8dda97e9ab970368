import type { Static } from 'typebox';
import type { Violations } from '../../../lib/http/violations.js';
import { toMinorUnits } from '../../../lib/money.js';
import { shiftDecimal } from '../../../lib/query-values.js';
import type { Discount, OptionType, ProductType } from '../catalog.types.js';
import type { MediaRef, ProductInput, VariantInput } from './product-input.rules.js';
import type { MediaReadShape, MediaWrite, ProductWrite } from './products-write.contract.js';

/*
 * Request bodies in wire shape → service input: major-unit prices to exact minor units (more decimals
 * than the currency has is a DECIMAL_MAX_SCALE violation), percentages to hundredths, media in either
 * write or read shape to references.
 */

/** Major units → minor units, exactly; more decimals than the currency has is a DECIMAL_MAX_SCALE violation. */
export function minorOf(value: number, currency: string, field: string, v: Violations): number {
  const minor = toMinorUnits(value, currency);
  if (minor === undefined) {
    v.add(field, 'DECIMAL_MAX_SCALE', `has more decimals than ${currency} allows`);
    return 0;
  }
  return minor;
}

export function discountIn(
  discount: { type: string; value?: number } | undefined,
  currency: string,
  field: string,
  v: Violations,
): Discount | undefined {
  if (!discount) return undefined;
  const value = discount.value ?? 0;
  if (discount.type === 'AMOUNT')
    return { type: 'AMOUNT', value: minorOf(value, currency, `${field}.value`, v) };
  if (discount.type === 'PERCENT') {
    const hundredths = shiftDecimal(value, 2);
    if (hundredths.includes('.')) v.add(`${field}.value`, 'DECIMAL_MAX_SCALE', 'may have at most 2 decimals');
    return { type: 'PERCENT', value: Math.round(Number(hundredths)) };
  }
  return { type: 'NONE', value: 0 };
}

export function mediaRefsIn(media: Static<typeof MediaWrite>[] | Static<typeof MediaReadShape>): MediaRef[] {
  if (Array.isArray(media)) return media;
  return media.items.map((item) => ({
    ...(item.id ? { mediaId: item.id } : {}),
    ...(item.image?.url || item.video?.files?.[0]?.url || item.file?.url
      ? { url: item.image?.url ?? item.video?.files?.[0]?.url ?? item.file?.url }
      : {}),
    ...(item.image?.altText ? { altText: item.image.altText } : {}),
    ...(item.title ? { title: item.title } : {}),
  }));
}

type NullableNumber = number | null | undefined;
const nullableMinor = (value: NullableNumber, currency: string, field: string, v: Violations) =>
  value === undefined ? undefined : value === null ? null : minorOf(value, currency, field, v);

export function variantInputIn(
  override: {
    choices?: Record<string, string>;
    variantIds?: string[];
    price?: NullableNumber;
    cost?: NullableNumber;
    weight?: NullableNumber;
    sku?: string | null;
    visible?: boolean;
    stock?: VariantInput['stock'];
  },
  currency: string,
  at: string,
  v: Violations,
): VariantInput {
  return {
    ...(override.choices ? { choices: override.choices } : {}),
    ...(override.variantIds ? { variantIds: override.variantIds } : {}),
    priceMinor: nullableMinor(override.price, currency, `${at}.price`, v),
    costMinor: nullableMinor(override.cost, currency, `${at}.cost`, v),
    ...(override.weight !== undefined ? { weight: override.weight } : {}),
    ...(override.sku !== undefined ? { sku: override.sku } : {}),
    ...(override.visible !== undefined ? { visible: override.visible } : {}),
    ...(override.stock ? { stock: override.stock } : {}),
  };
}

/** A create/update body as service input. Unknown-to-us read-only fields the client echoes are ignored. */
export function productInputIn(product: ProductWrite, currency: string, v: Violations): ProductInput {
  const at = 'product';
  const input: ProductInput = {};
  const set = <K extends keyof ProductInput>(key: K, value: ProductInput[K] | undefined) => {
    if (value !== undefined) input[key] = value;
  };
  set('name', product.name);
  set('slug', product.slug);
  set('description', product.description);
  if (product.productType && product.productType !== 'unspecified_product_type')
    input.productType = product.productType as ProductType;
  set('visible', product.visible);
  set('sku', product.sku);
  set('weight', product.weight);
  if (product.priceData)
    input.priceMinor = minorOf(product.priceData.price, currency, `${at}.priceData.price`, v);
  set(
    'costMinor',
    nullableMinor(product.costAndProfitData?.itemCost, currency, `${at}.costAndProfitData.itemCost`, v),
  );
  set('discount', discountIn(product.discount, currency, `${at}.discount`, v));
  set('pricePerUnit', product.pricePerUnitData);
  set('manageVariants', product.manageVariants);
  if (product.productOptions) {
    input.productOptions = product.productOptions.map((option) => ({
      name: option.name,
      optionType: option.optionType === 'color' ? 'color' : ('drop_down' as OptionType),
      choices: option.choices,
    }));
  }
  if (product.stock) {
    input.stock = {
      ...(product.stock.trackInventory !== undefined ? { trackInventory: product.stock.trackInventory } : {}),
      ...(product.stock.quantity !== undefined ? { quantity: product.stock.quantity } : {}),
      ...(product.stock.inStock !== undefined ? { inStock: product.stock.inStock } : {}),
    };
  }
  if (product.media) input.media = mediaRefsIn(product.media);
  set('collectionIds', product.collectionIds);
  set('additionalInfoSections', product.additionalInfoSections);
  set('customTextFields', product.customTextFields);
  set('seoData', product.seoData);
  set('ribbon', product.ribbon);
  set('brand', product.brand);
  if (product.subscriptionOptions !== undefined) {
    input.subscriptionOptions = product.subscriptionOptions && {
      oneTimePurchase: product.subscriptionOptions.oneTimePurchase ?? true,
      subscriptions: product.subscriptionOptions.subscriptions.map((plan, i) => ({
        id: plan.id ?? '',
        title: plan.title,
        ...(plan.description ? { description: plan.description } : {}),
        visible: plan.visible ?? true,
        frequency: plan.frequency,
        interval: plan.interval ?? 1,
        billingCycles: plan.billingCycles ?? 0,
        discount: discountIn(
          plan.discount,
          currency,
          `${at}.subscriptionOptions.subscriptions[${i}].discount`,
          v,
        ) ?? {
          type: 'NONE',
          value: 0,
        },
      })),
    };
  }
  set('digitalFiles', product.digitalFiles);
  set('giftCard', product.giftCard);
  if (product.variants) {
    // Variants in the read shape carry effective values; equal to the product's means "no override".
    const own = <T>(value: T | undefined, productValue: T | undefined) =>
      value !== undefined && value === productValue ? undefined : value;
    input.variants = product.variants.map((variant, i) =>
      variantInputIn(
        {
          ...(variant.choices
            ? { choices: variant.choices }
            : variant.id
              ? { variantIds: [variant.id] }
              : {}),
          price: own(variant.variant?.priceData?.price, product.priceData?.price),
          cost: own(variant.variant?.costAndProfitData?.itemCost, product.costAndProfitData?.itemCost),
          weight: own(variant.variant?.weight, product.weight),
          sku: own(variant.variant?.sku, product.sku),
          visible: variant.variant?.visible,
          stock: variant.stock,
        },
        currency,
        `${at}.variants[${i}]`,
        v,
      ),
    );
  }
  return input;
}
