import type { DbOrTx } from '../../db/client.js';
import { applyPpm } from '../../lib/ratio.js';
import type {
  CatalogItemType,
  CustomTextField,
  ProductOption,
  ProductRecord,
  ProductType,
  SubscriptionOptions,
  VariantRecord,
} from './catalog.types.js';
import {
  DEFAULT_VARIANT_ID,
  matchesChoices,
  normalizeSelection,
  type VariantView,
  viewProduct,
  viewVariant,
} from './products/product.rules.js';
import type { ProductRecordsById } from './products/product-rows-by-id.service.js';
import { variantMedia } from './variants/variants.service.js';

/**
 * What the cart and checkout need to know about catalog items (the `catalogReference` of a line item:
 * `{catalogItemId: productId, options: {variantId} | {options: {Size: "M"}}}`).
 *
 * Item types (ADR 012): a product with `giftCard: true` is a GIFT_CARD (always digital: buying it
 * issues a gift card worth its price); other products are PHYSICAL or DIGITAL by `productType`. A
 * subscription product is a physical or digital product whose `subscriptionOptions` list plans; the
 * cart offers them as `subscriptionOptions`. The catalog never produces SERVICE items.
 */
export interface CatalogItemRef {
  productId: string;
  variantId?: string;
  /** Option name → choice (description, or value for colours). */
  options?: Record<string, string>;
}

export type CatalogItemProblem = 'PRODUCT_NOT_FOUND' | 'VARIANT_NOT_FOUND' | 'OPTIONS_REQUIRED';

export interface ResolvedCatalogItem {
  /** Position of the reference in the request. */
  index: number;
  ref: CatalogItemRef;
  /** Set when the reference cannot be resolved; nothing else is then. */
  problem?: CatalogItemProblem;
  productId: string;
  variantId?: string;
  name?: string;
  sku?: string;
  productType?: ProductType;
  itemType?: CatalogItemType;
  currency?: string;
  /** Price before the product discount, and what the buyer pays, in minor units. */
  fullPriceMinor?: number;
  priceMinor?: number;
  weight?: number;
  /** The variant's option choices, e.g. `{Color: "Blue", Size: "M"}`, with colour codes where known. */
  choices?: { option: string; choice: string; colorCode?: string }[];
  image?: { url: string; width?: number; height?: number; altText?: string };
  productPageUrl?: { base: string; path: string };
  /** Visible, variant visible and in stock. */
  available: boolean;
  inStock: boolean;
  /** Units that can be bought; undefined when stock is not tracked (unlimited). */
  quantityAvailable?: number;
  subscriptionOptions?: SubscriptionOptions;
  digitalFileIds?: string[];
  /** Collections the product is in (coupons may target them). */
  collectionIds?: string[];
  /** Paid at checkout per unit when the product (or variant) takes a deposit (DEPOSIT_ONLINE). */
  depositMinor?: number;
  /**
   * What a reference's `options` may name, for a product that exists (even when its variant is not
   * found): its options with their choices, and its custom text fields with their lengths.
   */
  definitions?: { productName: string; options: ProductOption[]; customTextFields: CustomTextField[] };
}

/**
 * The deposit per unit of a variant (its own setting, else the product's), of the price the buyer pays.
 * A deposit that is not less than that price is no deposit: the item is paid in full.
 */
export function depositOf(
  product: Pick<ProductRecord, 'deposit'>,
  variant: Pick<VariantRecord, 'deposit'>,
  unitPriceMinor: number,
): number | undefined {
  const deposit = variant.deposit ?? product.deposit;
  if (!deposit) return undefined;
  const amount =
    deposit.ppm !== undefined ? applyPpm(unitPriceMinor, deposit.ppm) : (deposit.amountMinor ?? 0);
  return amount > 0 && amount < unitPriceMinor ? amount : undefined;
}

/** Finds the variant a reference points at, or says why it cannot. */
export function resolveVariant(
  product: ProductRecord,
  ref: CatalogItemRef,
): { variant?: ProductRecord['variants'][number]; problem?: CatalogItemProblem } {
  const managed = product.manageVariants && product.productOptions.length > 0;
  if (ref.variantId) {
    const variant = product.variants.find((v) => v.id === ref.variantId);
    return variant ? { variant } : { problem: 'VARIANT_NOT_FOUND' };
  }
  if (!managed) {
    const variant = product.variants.find((v) => v.id === DEFAULT_VARIANT_ID) ?? product.variants[0];
    if (ref.options && normalizeSelection(product.productOptions, ref.options).unknown.length > 0) {
      return { problem: 'VARIANT_NOT_FOUND' };
    }
    return variant ? { variant } : { problem: 'VARIANT_NOT_FOUND' };
  }
  if (!ref.options || Object.keys(ref.options).length === 0) {
    return product.variants.length === 1 ? { variant: product.variants[0] } : { problem: 'OPTIONS_REQUIRED' };
  }
  const { choices, unknown } = normalizeSelection(product.productOptions, ref.options);
  if (unknown.length > 0 || Object.keys(choices).length < product.productOptions.length) {
    return { problem: unknown.length > 0 ? 'VARIANT_NOT_FOUND' : 'OPTIONS_REQUIRED' };
  }
  const variant = product.variants.find((v) => matchesChoices(v.choices, choices));
  return variant ? { variant } : { problem: 'VARIANT_NOT_FOUND' };
}

export function itemTypeOf(product: Pick<ProductRecord, 'giftCard' | 'productType'>): CatalogItemType {
  if (product.giftCard) return 'GIFT_CARD';
  return product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL';
}

/**
 * Resolves any number of catalog references in one database round-trip (the products and all their
 * variants are read by one statement). `baseUrl` makes media and page URLs absolute.
 */
export async function resolveCatalogItems(
  db: DbOrTx,
  refs: readonly CatalogItemRef[],
  options: {
    /** The app's products-by-id reader (its prepared statement and records cache). */
    records: ProductRecordsById;
    baseUrl?: string;
    /** Receives the product records read, so a later step of the same transaction need not re-read them. */
    loaded?: Map<string, ProductRecord>;
  },
): Promise<ResolvedCatalogItem[]> {
  const ids = [...new Set(refs.map((ref) => ref.productId))];
  const records = await options.records.load(db, ids);
  for (const record of records) options.loaded?.set(record.id, record);
  const byId = new Map(records.map((record) => [record.id, viewProduct(record)]));
  const base = options.baseUrl ?? '';
  return refs.map((ref, index) => {
    const view = byId.get(ref.productId);
    if (!view)
      return {
        index,
        ref,
        problem: 'PRODUCT_NOT_FOUND',
        productId: ref.productId,
        available: false,
        inStock: false,
      };
    const product = view.record;
    const definitions = {
      productName: product.name,
      options: product.productOptions,
      customTextFields: product.customTextFields,
    };
    const { variant: record, problem } = resolveVariant(product, ref);
    if (!record)
      return { index, ref, problem, productId: product.id, available: false, inStock: false, definitions };
    const variant: VariantView =
      view.variants.find((v) => v.record.id === record.id) ?? viewVariant(product, record);
    const media = variantMedia(view, variant);
    const absolute = (url: string) => (url.startsWith('/') ? `${base}${url}` : url);
    return {
      index,
      ref,
      productId: product.id,
      variantId: record.id,
      name: product.name,
      ...(variant.sku ? { sku: variant.sku } : {}),
      productType: product.productType,
      itemType: itemTypeOf(product),
      currency: product.currency,
      fullPriceMinor: variant.priceMinor,
      priceMinor: variant.discountedPriceMinor,
      ...(variant.weight !== null ? { weight: variant.weight } : {}),
      choices: Object.entries(record.choices).map(([option, choice]) => {
        const colour = product.productOptions
          .find((o) => o.name === option && o.optionType === 'color')
          ?.choices.find((c) => c.description === choice);
        return { option, choice, ...(colour ? { colorCode: colour.value } : {}) };
      }),
      ...(media?.mediaType === 'image'
        ? {
            image: {
              url: absolute(media.url),
              ...(media.width ? { width: media.width } : {}),
              ...(media.height ? { height: media.height } : {}),
              ...(media.altText ? { altText: media.altText } : {}),
            },
          }
        : {}),
      productPageUrl: { base, path: `/product-page/${product.slug}` },
      collectionIds: product.collectionIds,
      available: product.visible && record.visible && variant.inStock,
      inStock: variant.inStock,
      ...(record.trackQuantity ? { quantityAvailable: Math.max(record.quantity ?? 0, 0) } : {}),
      ...(product.subscriptionOptions ? { subscriptionOptions: product.subscriptionOptions } : {}),
      ...(product.digitalFiles.length > 0
        ? { digitalFileIds: product.digitalFiles.map((file) => file.id) }
        : {}),
      ...(depositOf(product, record, variant.discountedPriceMinor) !== undefined
        ? { depositMinor: depositOf(product, record, variant.discountedPriceMinor) }
        : {}),
      definitions,
    };
  });
}
