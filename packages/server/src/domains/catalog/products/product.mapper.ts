import type { Static } from 'typebox';
import { formatMoney, toMajorNumber } from '../../../lib/money.js';
import type { CatalogMediaItem, Discount } from '../catalog.types.js';
import type { CostAndProfit, ProductView, VariantView } from './product.rules.js';
import type {
  CostAndProfitOut,
  MediaItemOut,
  MediaOut,
  PriceDataOut,
  ProductOut,
  VariantOut,
} from './products.contract.js';

/*
 * The one place products cross the wire: domain views (minor units, Dates) out to the protocol's
 * shapes (major-unit numbers, formatted text, absolute URLs). Requests come in through product-in.mapper.ts.
 */

const THUMBNAIL_WIDTH = 256;

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
    // Library images have a 256 px rendition; external images are their own thumbnail.
    const small = item.width && item.width > THUMBNAIL_WIDTH ? THUMBNAIL_WIDTH : item.width;
    const thumbnail = item.url.startsWith('/media/')
      ? {
          ...sized,
          url: `${url}?w=${THUMBNAIL_WIDTH}`,
          ...(small ? { width: small } : {}),
          ...(small && item.width && item.height
            ? { height: Math.round((item.height * small) / item.width) }
            : {}),
        }
      : sized;
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

export type ProductOutValue = Static<typeof ProductOut>;

export function productOut(view: ProductView, ctx: WireContext): ProductOutValue {
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
