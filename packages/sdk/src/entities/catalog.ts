// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Collections, variant queries, option availability and search. */

import type { RevivePaths } from '../wire.js';
import type { Media, PriceData, ProductOption, Variant, VariantStock } from './products.js';

/** A catalog collection. */
export interface Collection {
  id: string;
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  numberOfProducts: number;
  media: Media;
  createdDate: Date;
  lastUpdated: Date;
  /** SDK: the same moment as `lastUpdated` (spec §3 naming) */
  updatedDate: Date;
}

/** Which choices can still be bought. */
export interface OptionsAvailability {
  selectedVariant?: {
    id: string;
    price: PriceData;
    convertedPriceData: PriceData;
    weight?: number;
    sku?: string;
    quantity?: number;
    inStock: boolean;
    visible: boolean;
  };
  media: Media;
  productOptions: ProductOption[];
  availableForPurchase: boolean;
}

/** Variants of one product, one page. */
export interface ProductVariants {
  variants: Variant[];
  metadata: {
    items: number;
    offset: number;
  };
  totalResults: number;
}

/** A variant across the store (with its product). */
export interface StoreVariant {
  /** {productId}-{variantId} */
  id: string;
  variantId: string;
  productId: string;
  variantName: string;
  productName: string;
  managedVariant: boolean;
  sku?: string;
  stock: VariantStock;
  choices: Record<string, string>;
  collectionIds: string[];
  media?: {
    image?: string;
    video?: string;
  };
  preorderInfo: {
    enabled: boolean;
  };
  price?: PriceData;
}

/** Counts over every search match (not just the page). */
export interface SearchFacets {
  collections?: {
    id: string;
    name: string;
    slug: string;
    count: number;
  }[];
  brands?: {
    value: string;
    count: number;
  }[];
  options?: {
    name: string;
    choices: {
      value: string;
      count: number;
    }[];
  }[];
  prices?: {
    from: number;
    to?: number;
    formatted: string;
    count: number;
  }[];
}

/** A full-text product search with facets. */
export interface SearchProductsOptions {
  search?: {
    expression?: string;
  };
  query?: {
    filter?: unknown;
    sort?: unknown;
    /** Offset paging */
    paging?: {
      /** Page size (default 50) */
      limit?: number;
      /** Items to skip (default 0) */
      offset?: number;
    };
  };
  facets?: ('collections' | 'brands' | 'options' | 'prices')[];
  includeVariants?: boolean;
}

/** Which variants of a product to list. */
export interface QueryProductVariantsOptions {
  choices?: Record<string, string>;
  variantIds?: string[];
  /** Offset paging */
  paging?: {
    /** Page size (default 50) */
    limit?: number;
    /** Items to skip (default 0) */
    offset?: number;
  };
  includeMerchantSpecificData?: boolean;
}

/** Wire conversions of {@link Collection}. @internal */
export const COLLECTION_WIRE: RevivePaths = {
  dates: ['createdDate', 'lastUpdated', 'updatedDate'],
  floats: [
    'numberOfProducts',
    'media.mainMedia.image.width',
    'media.mainMedia.image.height',
    'media.mainMedia.thumbnail.width',
    'media.mainMedia.thumbnail.height',
    'media.mainMedia.video.files.width',
    'media.mainMedia.video.files.height',
    'media.items.image.width',
    'media.items.image.height',
    'media.items.thumbnail.width',
    'media.items.thumbnail.height',
    'media.items.video.files.width',
    'media.items.video.files.height',
  ],
};

/** Wire conversions of {@link OptionsAvailability}. @internal */
export const OPTIONS_AVAILABILITY_WIRE: RevivePaths = {
  dates: [],
  floats: [
    'selectedVariant.price.price',
    'selectedVariant.price.discountedPrice',
    'selectedVariant.price.pricePerUnit',
    'selectedVariant.convertedPriceData.price',
    'selectedVariant.convertedPriceData.discountedPrice',
    'selectedVariant.convertedPriceData.pricePerUnit',
    'selectedVariant.weight',
    'selectedVariant.quantity',
    'media.mainMedia.image.width',
    'media.mainMedia.image.height',
    'media.mainMedia.thumbnail.width',
    'media.mainMedia.thumbnail.height',
    'media.mainMedia.video.files.width',
    'media.mainMedia.video.files.height',
    'media.items.image.width',
    'media.items.image.height',
    'media.items.thumbnail.width',
    'media.items.thumbnail.height',
    'media.items.video.files.width',
    'media.items.video.files.height',
    'productOptions.choices.media.mainMedia.image.width',
    'productOptions.choices.media.mainMedia.image.height',
    'productOptions.choices.media.mainMedia.thumbnail.width',
    'productOptions.choices.media.mainMedia.thumbnail.height',
    'productOptions.choices.media.mainMedia.video.files.width',
    'productOptions.choices.media.mainMedia.video.files.height',
    'productOptions.choices.media.items.image.width',
    'productOptions.choices.media.items.image.height',
    'productOptions.choices.media.items.thumbnail.width',
    'productOptions.choices.media.items.thumbnail.height',
    'productOptions.choices.media.items.video.files.width',
    'productOptions.choices.media.items.video.files.height',
  ],
};

/** Wire conversions of {@link ProductVariants}. @internal */
export const PRODUCT_VARIANTS_WIRE: RevivePaths = {
  dates: [],
  floats: [
    'variants.variant.priceData.price',
    'variants.variant.priceData.discountedPrice',
    'variants.variant.priceData.pricePerUnit',
    'variants.variant.convertedPriceData.price',
    'variants.variant.convertedPriceData.discountedPrice',
    'variants.variant.convertedPriceData.pricePerUnit',
    'variants.variant.costAndProfitData.itemCost',
    'variants.variant.costAndProfitData.profit',
    'variants.variant.costAndProfitData.profitMargin',
    'variants.variant.weight',
    'variants.stock.quantity',
    'metadata.items',
    'metadata.offset',
    'totalResults',
  ],
};

/** Wire conversions of {@link StoreVariant}. @internal */
export const STORE_VARIANT_WIRE: RevivePaths = {
  dates: [],
  floats: ['stock.quantity', 'price.price', 'price.discountedPrice', 'price.pricePerUnit'],
};

/** Wire conversions of {@link SearchFacets}. @internal */
export const SEARCH_FACETS_WIRE: RevivePaths = {
  dates: [],
  floats: [
    'collections.count',
    'brands.count',
    'options.choices.count',
    'prices.from',
    'prices.to',
    'prices.count',
  ],
};
