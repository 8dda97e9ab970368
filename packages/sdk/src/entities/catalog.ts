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
  floats: [],
};
