import type { Static } from 'typebox';
import { formatMoney, toMajorNumber, toMinorUnits } from '../../lib/money.js';
import { shiftDecimal } from '../../lib/query-filter.js';
import type { CatalogMediaItem, Discount, OptionType, ProductType } from './catalog.types.js';
import type { MediaRef, ProductInput, VariantInput, Violations } from './product-input.js';
import type { CostAndProfit, ProductView, VariantView } from './product-model.js';
import type {
  CostAndProfitOut,
  MediaItemOut,
  MediaOut,
  MediaReadShape,
  MediaWrite,
  PriceDataOut,
  ProductOut,
  ProductWrite,
  VariantOut,
} from './products.contract.js';

/*
 * The one place products cross the wire: domain views (minor units, Dates) out to the protocol's
 * shapes (major-unit numbers, formatted text, absolute URLs), and request bodies in to service inputs.
 */

export interface WireContext {
  publicUrl: string;
  /** Cost, profit and digital files are for merchants who ask for them. */
  merchantData: boolean;
  includeVariants: boolean;
}

export function priceData(
  priceMinor: number,
  discountedMinor: number,
  currency: string,
  perUnitMinor?: number,
): Static<typeof PriceDataOut> {
  return {
    currency,
    price: toMajorNumber(priceMinor, currency),
    discountedPrice: toMajorNumber(discountedMinor, currency),
    ...(perUnitMinor !== undefined ? { pricePerUnit: toMajorNumber(perUnitMinor, currency) } : {}),
    formatted: {
      price: formatMoney(priceMinor, currency),
      discountedPrice: formatMoney(discountedMinor, currency),
      ...(perUnitMinor !== undefined ? { pricePerUnit: formatMoney(perUnitMinor, currency) } : {}),
    },
  };
}

function costData(value: CostAndProfit, currency: string): Static<typeof CostAndProfitOut> {
  return {
    itemCost: toMajorNumber(value.itemCostMinor, currency),
    formattedItemCost: formatMoney(value.itemCostMinor, currency),
    profit: toMajorNumber(value.profitMinor, currency),
    formattedProfit: formatMoney(value.profitMinor, currency),
    profitMargin: value.profitMargin,
  };
}

export function absoluteUrl(url: string, publicUrl: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

export function mediaItem(item: CatalogMediaItem, publicUrl: string): Static<typeof MediaItemOut> {
  const url = absoluteUrl(item.url, publicUrl);
  const sized = {
    url,
    ...(item.width ? { width: item.width } : {}),
    ...(item.height ? { height: item.height } : {}),
    ...(item.format ? { format: item.format } : {}),
    ...(item.altText ? { altText: item.altText } : {}),
  };
  const base = { id: item.id, mediaType: item.mediaType, ...(item.title ? { title: item.title } : {}) };
  if (item.mediaType === 'image') {
    const thumbnail = item.url.startsWith('/media/') ? { ...sized, url: `${url}?w=256` } : sized;
    return { ...base, image: sized, thumbnail };
  }
  if (item.mediaType === 'video') return { ...base, video: { files: [sized] } };
  return { ...base, file: { url, ...(item.format ? { format: item.format } : {}) } };
}

export function mediaOut(items: readonly CatalogMediaItem[], publicUrl: string): Static<typeof MediaOut> {
  const mapped = items.map((item) => mediaItem(item, publicUrl));
  return mapped[0] ? { mainMedia: mapped[0], items: mapped } : { items: mapped };
}

function discountOut(discount: Discount, currency: string) {
  return {
    type: discount.type,
    value:
      discount.type === 'AMOUNT'
        ? toMajorNumber(discount.value, currency)
        : discount.type === 'PERCENT'
          ? discount.value / 100
          : 0,
  };
}

export function variantOut(
  view: ProductView,
  variant: VariantView,
  ctx: WireContext,
): Static<typeof VariantOut> {
  const { currency } = view.record;
  const price = priceData(variant.priceMinor, variant.discountedPriceMinor, currency);
  const record = variant.record;
  return {
    id: record.id,
    choices: record.choices,
    variant: {
      priceData: price,
      convertedPriceData: price,
      ...(ctx.merchantData && variant.costMinor !== null
        ? {
            costAndProfitData: costData(
              {
                itemCostMinor: variant.costMinor,
                profitMinor: variant.discountedPriceMinor - variant.costMinor,
                profitMargin: margin(variant),
              },
              currency,
            ),
          }
        : {}),
      ...(variant.weight !== null ? { weight: variant.weight } : {}),
      ...(variant.sku ? { sku: variant.sku } : {}),
      visible: record.visible,
    },
    stock: {
      trackQuantity: record.trackQuantity,
      ...(record.trackQuantity ? { quantity: record.quantity ?? 0 } : {}),
      inStock: variant.inStock,
    },
  };
}

function margin(variant: VariantView): number {
  if (variant.costMinor === null || variant.discountedPriceMinor === 0) return 0;
  return (
    Math.round(((variant.discountedPriceMinor - variant.costMinor) / variant.discountedPriceMinor) * 10_000) /
    10_000
  );
}

export function productOut(view: ProductView, ctx: WireContext): Static<typeof ProductOut> {
  const p = view.record;
  const { currency } = p;
  const major = (minor: number) => toMajorNumber(minor, currency);
  const price = priceData(p.priceMinor, view.discountedPriceMinor, currency, view.pricePerUnitMinor);
  const media = mediaOut(p.media, ctx.publicUrl);
  const mediaById = new Map(p.media.map((item, i) => [item.id, media.items[i]]));
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    visible: p.visible,
    productType: p.productType,
    description: p.description,
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.weight !== null ? { weight: p.weight } : {}),
    weightRange: { minValue: view.weightRange.min, maxValue: view.weightRange.max },
    stock: {
      trackInventory: view.stock.trackInventory,
      ...(view.stock.quantity !== undefined ? { quantity: view.stock.quantity } : {}),
      inStock: view.stock.inStock,
      inventoryStatus: view.stock.inventoryStatus,
    },
    price,
    priceData: price,
    convertedPriceData: price,
    priceRange: { minValue: major(view.priceRange.min), maxValue: major(view.priceRange.max) },
    ...(ctx.merchantData && view.costAndProfit
      ? { costAndProfitData: costData(view.costAndProfit, currency) }
      : {}),
    ...(ctx.merchantData && view.costRange
      ? { costRange: { minValue: major(view.costRange.min), maxValue: major(view.costRange.max) } }
      : {}),
    ...(p.pricePerUnit ? { pricePerUnitData: p.pricePerUnit } : {}),
    additionalInfoSections: p.additionalInfoSections,
    ribbons: p.ribbon ? [{ text: p.ribbon }] : [],
    media,
    customTextFields: p.customTextFields,
    manageVariants: p.manageVariants,
    productOptions: p.productOptions.map((option) => ({
      optionType: option.optionType,
      name: option.name,
      choices: option.choices.map((choice) => {
        const availability = view.choiceAvailability.get(option.name)?.get(choice.description);
        const items = choice.mediaIds.flatMap((id) => {
          const item = mediaById.get(id);
          return item ? [item] : [];
        });
        return {
          value: choice.value,
          description: choice.description,
          inStock: availability?.inStock ?? false,
          visible: availability?.visible ?? false,
          ...(items[0] ? { media: { mainMedia: items[0], items } } : {}),
        };
      }),
    })),
    productPageUrl: { base: ctx.publicUrl, path: `/product-page/${p.slug}` },
    numericId: String(p.numericId),
    inventoryItemId: p.id,
    discount: discountOut(p.discount, currency),
    collectionIds: p.collectionIds,
    ...(ctx.includeVariants
      ? { variants: view.variants.map((variant) => variantOut(view, variant, ctx)) }
      : {}),
    lastUpdated: p.lastUpdated,
    createdDate: p.createdDate,
    ...(p.seoData ? { seoData: p.seoData } : {}),
    ...(p.ribbon ? { ribbon: p.ribbon } : {}),
    ...(p.brand ? { brand: p.brand } : {}),
    ...(p.subscriptionOptions
      ? {
          subscriptionOptions: {
            oneTimePurchase: p.subscriptionOptions.oneTimePurchase,
            subscriptions: p.subscriptionOptions.subscriptions.map((plan) => ({
              ...plan,
              discount: discountOut(plan.discount, currency),
            })),
          },
        }
      : {}),
    ...(ctx.merchantData ? { digitalFiles: p.digitalFiles } : {}),
    giftCard: p.giftCard,
  };
}

// ------------------------------------------------------------------------------------------------
// Requests → service input

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
