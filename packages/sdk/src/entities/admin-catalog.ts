// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* The catalog as merchants write it: prices are numbers in major units of the store currency. */

import type { RevivePaths } from '../wire.js';

/** A new product. */
export interface CreateProductInput {
  name: string;
  slug?: string;
  description?: string;
  productType?: 'physical' | 'digital' | 'unspecified_product_type';
  visible?: boolean;
  sku?: string | null;
  weight?: number | null;
  priceData: {
    /** Price in the store currency, e.g. 12.5 */
    price: number;
  };
  costAndProfitData?: {
    itemCost?: number | null;
  };
  discount?: {
    type: 'NONE' | 'AMOUNT' | 'PERCENT' | 'UNDEFINED';
    value?: number;
  };
  pricePerUnitData?: {
    totalQuantity: number;
    totalMeasurementUnit:
      | 'UNSPECIFIED'
      | 'ML'
      | 'CL'
      | 'L'
      | 'CBM'
      | 'MG'
      | 'G'
      | 'KG'
      | 'MM'
      | 'CM'
      | 'M'
      | 'SQM'
      | 'OZ'
      | 'LB'
      | 'FLOZ'
      | 'PT'
      | 'QT'
      | 'GAL'
      | 'IN'
      | 'FT'
      | 'YD'
      | 'SQFT';
    baseQuantity: number;
    baseMeasurementUnit:
      | 'UNSPECIFIED'
      | 'ML'
      | 'CL'
      | 'L'
      | 'CBM'
      | 'MG'
      | 'G'
      | 'KG'
      | 'MM'
      | 'CM'
      | 'M'
      | 'SQM'
      | 'OZ'
      | 'LB'
      | 'FLOZ'
      | 'PT'
      | 'QT'
      | 'GAL'
      | 'IN'
      | 'FT'
      | 'YD'
      | 'SQFT';
  } | null;
  manageVariants?: boolean;
  productOptions?: ProductOptionInput[];
  stock?: {
    trackInventory?: boolean;
    quantity?: number | null;
    inStock?: boolean;
  };
  media?: MediaInput[] | MediaItemsInput;
  collectionIds?: string[];
  additionalInfoSections?: {
    title: string;
    description: string;
  }[];
  customTextFields?: {
    title: string;
    maxLength: number;
    mandatory: boolean;
  }[];
  seoData?: Record<string, unknown> | null;
  ribbon?: string | null;
  brand?: string | null;
  subscriptionOptions?: {
    oneTimePurchase?: boolean;
    subscriptions: {
      id?: string;
      title: string;
      description?: string;
      visible?: boolean;
      frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
      interval?: number;
      /** 0 (default) means until cancelled */
      billingCycles?: number;
      discount?: {
        type: 'NONE' | 'AMOUNT' | 'PERCENT';
        value: number;
      };
    }[];
  } | null;
  digitalFiles?: {
    id: string;
    fileName: string;
    fileType:
      | 'UNSPECIFIED'
      | 'SECURE_PICTURE'
      | 'SECURE_VIDEO'
      | 'SECURE_DOCUMENT'
      | 'SECURE_MUSIC'
      | 'SECURE_ARCHIVE';
  }[];
  giftCard?: boolean;
  variants?: VariantInput[];
}

/** Changes to a product (leave out what stays). */
export interface ProductInput {
  name?: string;
  slug?: string;
  description?: string;
  productType?: 'physical' | 'digital' | 'unspecified_product_type';
  visible?: boolean;
  sku?: string | null;
  weight?: number | null;
  priceData?: {
    /** Price in the store currency, e.g. 12.5 */
    price: number;
  };
  costAndProfitData?: {
    itemCost?: number | null;
  };
  discount?: {
    type: 'NONE' | 'AMOUNT' | 'PERCENT' | 'UNDEFINED';
    value?: number;
  };
  pricePerUnitData?: {
    totalQuantity: number;
    totalMeasurementUnit:
      | 'UNSPECIFIED'
      | 'ML'
      | 'CL'
      | 'L'
      | 'CBM'
      | 'MG'
      | 'G'
      | 'KG'
      | 'MM'
      | 'CM'
      | 'M'
      | 'SQM'
      | 'OZ'
      | 'LB'
      | 'FLOZ'
      | 'PT'
      | 'QT'
      | 'GAL'
      | 'IN'
      | 'FT'
      | 'YD'
      | 'SQFT';
    baseQuantity: number;
    baseMeasurementUnit:
      | 'UNSPECIFIED'
      | 'ML'
      | 'CL'
      | 'L'
      | 'CBM'
      | 'MG'
      | 'G'
      | 'KG'
      | 'MM'
      | 'CM'
      | 'M'
      | 'SQM'
      | 'OZ'
      | 'LB'
      | 'FLOZ'
      | 'PT'
      | 'QT'
      | 'GAL'
      | 'IN'
      | 'FT'
      | 'YD'
      | 'SQFT';
  } | null;
  manageVariants?: boolean;
  productOptions?: ProductOptionInput[];
  stock?: {
    trackInventory?: boolean;
    quantity?: number | null;
    inStock?: boolean;
  };
  media?: MediaInput[] | MediaItemsInput;
  collectionIds?: string[];
  additionalInfoSections?: {
    title: string;
    description: string;
  }[];
  customTextFields?: {
    title: string;
    maxLength: number;
    mandatory: boolean;
  }[];
  seoData?: Record<string, unknown> | null;
  ribbon?: string | null;
  brand?: string | null;
  subscriptionOptions?: {
    oneTimePurchase?: boolean;
    subscriptions: {
      id?: string;
      title: string;
      description?: string;
      visible?: boolean;
      frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
      interval?: number;
      /** 0 (default) means until cancelled */
      billingCycles?: number;
      discount?: {
        type: 'NONE' | 'AMOUNT' | 'PERCENT';
        value: number;
      };
    }[];
  } | null;
  digitalFiles?: {
    id: string;
    fileName: string;
    fileType:
      | 'UNSPECIFIED'
      | 'SECURE_PICTURE'
      | 'SECURE_VIDEO'
      | 'SECURE_DOCUMENT'
      | 'SECURE_MUSIC'
      | 'SECURE_ARCHIVE';
  }[];
  giftCard?: boolean;
  variants?: VariantInput[];
}

/** An option and its choices. */
export interface ProductOptionInput {
  name: string;
  optionType?: 'drop_down' | 'color' | 'unspecified_option_type';
  choices: {
    value: string;
    description?: string;
  }[];
}

/** A variant set with its product. */
export interface VariantInput {
  id?: string;
  choices?: Record<string, string>;
  variant?: {
    priceData?: {
      price?: number | null;
    };
    costAndProfitData?: {
      itemCost?: number | null;
    };
    weight?: number | null;
    sku?: string | null;
    visible?: boolean;
  };
  stock?: VariantStockInput;
}

/** Stock of one variant. */
export interface VariantStockInput {
  trackQuantity?: boolean;
  quantity?: number | null;
  inStock?: boolean;
}

/** A media-library file (by id) or a URL to attach. */
export interface MediaInput {
  mediaId?: string;
  url?: string;
  altText?: string;
  title?: string;
  choice?: {
    option: string;
    choice: string;
  };
}

/** Media in the shape products are read in (`{items}`), so that an exported product imports again. */
export interface MediaItemsInput {
  items: {
    id?: string;
    title?: string;
    image?: {
      url?: string;
      altText?: string;
    };
    video?: {
      files?: {
        url?: string;
      }[];
    };
    file?: {
      url?: string;
    };
  }[];
}

/** Changes to the variants picked by `choices` or `variantIds`. */
export interface VariantUpdate {
  choices?: Record<string, string>;
  variantIds?: string[];
  price?: number | null;
  cost?: number | null;
  weight?: number | null;
  sku?: string | null;
  visible?: boolean;
  /** Ours: the variant stock */
  stock?: {
    trackQuantity?: boolean;
    quantity?: number | null;
    inStock?: boolean;
  };
}

/** A bulk move of a value: by an amount, or by a percentage. */
export interface Adjustment {
  amount?: number;
  percentage?:
    | number
    | {
        rate: number;
        roundToInt?: boolean;
      };
}

/** How to move price, cost or weight of every product of a bulk edit. */
export interface BulkAdjustments {
  price?: Adjustment;
  cost?: Adjustment;
  weight?: Adjustment;
}

/** What a bulk edit did, product by product. */
export interface BulkResult {
  results: {
    itemMetadata: {
      id: string;
      originalIndex: number;
      success: boolean;
      error?: {
        code: string;
        description: string;
      };
    };
  }[];
  bulkActionMetadata: {
    totalSuccesses: number;
    totalFailures: number;
    undetailedFailures: number;
  };
}

/** A new collection. */
export interface CreateCollectionInput {
  name: string;
  slug?: string;
  description?: string;
  visible?: boolean;
  /** Ours: library files or URLs (the first is the main media) */
  media?: MediaInput[] | MediaItemsInput;
}

/** Changes to a collection. */
export interface CollectionInput {
  name?: string;
  slug?: string;
  description?: string;
  visible?: boolean;
  /** Ours: library files or URLs (the first is the main media) */
  media?: MediaInput[] | MediaItemsInput;
}

/** Wire conversions of {@link BulkResult}. @internal */
export const BULK_RESULT_WIRE: RevivePaths = {
  dates: [],
  floats: [
    'results.itemMetadata.originalIndex',
    'bulkActionMetadata.totalSuccesses',
    'bulkActionMetadata.totalFailures',
    'bulkActionMetadata.undetailedFailures',
  ],
};
