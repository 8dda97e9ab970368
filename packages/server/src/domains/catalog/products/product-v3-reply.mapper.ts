import type { Static } from 'typebox';
import { toDecimalString, toMinorUnits } from '../../../lib/money.js';
import type { ProductOut } from './products.contract.js';

// Catalog v3 answers (`/stores/v3/products`, the write proxy's v3 replies): the v1 wire product in the
// shape the public `productsV3` module reads. The way in is product-v3-write.mapper.ts.

type V1Out = Static<typeof ProductOut>;

const money = (value: number | undefined, formatted: string | undefined, currency: string) =>
  value === undefined
    ? undefined
    : {
        amount: toDecimalString(toMinorUnits(value, currency) ?? 0, currency),
        ...(formatted ? { formattedAmount: formatted } : {}),
      };

/** A v1 wire product in the catalog v3 shape the `productsV3` module reads. */
export function productV3Out(product: V1Out): Record<string, unknown> {
  const currency = product.priceData.currency;
  const discounted = product.priceData.discountedPrice < product.priceData.price;
  const optionByName = new Map(product.productOptions.map((option) => [option.name, option]));
  const variants = (product.variants ?? []).map((variant) => {
    const list = variant.variant.priceData;
    return {
      id: variant.id,
      visible: variant.variant.visible,
      ...(variant.variant.sku ? { sku: variant.variant.sku } : {}),
      choices: Object.entries(variant.choices).map(([optionName, choiceName]) => ({
        optionChoiceNames: {
          optionName,
          choiceName,
          renderType:
            optionByName.get(optionName)?.optionType === 'color' ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
        },
      })),
      price: {
        actualPrice: money(list.discountedPrice, list.formatted.discountedPrice, currency),
        ...(discounted ? { compareAtPrice: money(list.price, list.formatted.price, currency) } : {}),
      },
      ...(product.productType === 'physical'
        ? {
            physicalProperties:
              variant.variant.weight !== undefined ? { weight: variant.variant.weight } : {},
          }
        : {}),
      ...(variant.variant.costAndProfitData
        ? {
            revenueDetails: {
              cost: money(
                variant.variant.costAndProfitData.itemCost,
                variant.variant.costAndProfitData.formattedItemCost,
                currency,
              ),
              profit: money(
                variant.variant.costAndProfitData.profit,
                variant.variant.costAndProfitData.formattedProfit,
                currency,
              ),
              profitMargin: variant.variant.costAndProfitData.profitMargin,
            },
          }
        : {}),
      inventoryStatus: { inStock: variant.stock.inStock, preorderEnabled: false },
    };
  });
  const [main, ...rest] = product.media.items;
  const mediaOut = (item: NonNullable<typeof main>) => ({
    id: item.id,
    url: item.image?.url ?? item.video?.files[0]?.url ?? item.file?.url ?? '',
    ...(item.image?.altText ? { altText: item.image.altText } : {}),
    ...(item.title ? { displayName: item.title } : {}),
    mediaType: item.mediaType === 'video' ? 'VIDEO' : 'IMAGE',
    ...(item.thumbnail ? { thumbnail: item.thumbnail } : {}),
  });
  const range = (min: number, max: number) => ({
    minValue: money(min, undefined, currency),
    maxValue: money(max, undefined, currency),
  });
  const actual = (product.variants ?? []).map((v) => v.variant.priceData.discountedPrice);
  const listPrices = (product.variants ?? []).map((v) => v.variant.priceData.price);
  return {
    id: product.id,
    // Our products keep no revision counter: the last update's time, in ms, orders them the same way.
    revision: String(new Date(product.lastUpdated).getTime()),
    createdDate: product.createdDate,
    updatedDate: product.lastUpdated,
    name: product.name,
    slug: product.slug,
    url: {
      relativePath: product.productPageUrl.path,
      url: `${product.productPageUrl.base}${product.productPageUrl.path}`,
    },
    plainDescription: product.description,
    visible: product.visible,
    productType: product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL',
    ...(product.productType === 'physical'
      ? { physicalProperties: product.weightRange ? { shippingWeightRange: product.weightRange } : {} }
      : {}),
    currency,
    media: {
      ...(main ? { main: mediaOut(main) } : {}),
      itemsInfo: { items: [main, ...rest].filter((item) => item !== undefined).map(mediaOut) },
    },
    ...(product.seoData ? { seoData: product.seoData } : {}),
    options: product.productOptions.map((option) => ({
      name: option.name,
      optionRenderType: option.optionType === 'color' ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
      choicesSettings: {
        choices: option.choices.map((choice) => ({
          name: choice.description,
          choiceType: option.optionType === 'color' ? 'ONE_COLOR' : 'CHOICE_TEXT',
          ...(option.optionType === 'color' ? { colorCode: choice.value } : {}),
          inStock: choice.inStock,
          visible: choice.visible,
        })),
      },
    })),
    modifiers: product.customTextFields.map((field) => ({
      modifierRenderType: 'FREE_TEXT',
      mandatory: field.mandatory,
      freeTextSettings: { title: field.title, maxCharCount: field.maxLength, minCharCount: 0 },
    })),
    ...(product.brand ? { brand: { name: product.brand } } : {}),
    ...(product.ribbon ? { ribbon: { name: product.ribbon } } : {}),
    infoSections: product.additionalInfoSections.map((section) => ({
      title: section.title,
      plainDescription: section.description,
    })),
    directCategoriesInfo: { categories: product.collectionIds.map((id) => ({ id })) },
    actualPriceRange: range(Math.min(...actual), Math.max(...actual)),
    compareAtPriceRange: range(Math.min(...listPrices), Math.max(...listPrices)),
    ...(product.costRange
      ? { costRange: range(product.costRange.minValue, product.costRange.maxValue) }
      : {}),
    inventory: {
      availabilityStatus: product.stock.inventoryStatus,
      preorderStatus: 'DISABLED',
    },
    variantsInfo: { variants },
    variantSummary: { variantCount: variants.length },
  };
}
