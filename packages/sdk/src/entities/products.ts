// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Products: prices, media, options, variants and stock. */

import type { RevivePaths } from '../wire.js';

/** A price with its discounted form, in major units. */
export interface PriceData {
  currency: string;
  price: number;
  discountedPrice: number;
  pricePerUnit?: number;
  formatted: {
    price: string;
    discountedPrice: string;
    pricePerUnit?: string;
  };
}

/** Cost and profit (merchants only). */
export interface CostAndProfit {
  itemCost: number;
  formattedItemCost: string;
  profit: number;
  formattedProfit: string;
  profitMargin: number;
}

/** An image, video or file of a product or collection. */
export interface MediaItem {
  id: string;
  mediaType: 'image' | 'video' | 'audio' | 'document' | 'zip';
  title?: string;
  image?: {
    url: string;
    width?: number;
    height?: number;
    format?: string;
    altText?: string;
  };
  thumbnail?: {
    url: string;
    width?: number;
    height?: number;
    format?: string;
    altText?: string;
  };
  video?: {
    files: {
      url: string;
      width?: number;
      height?: number;
      format?: string;
      altText?: string;
    }[];
    stillFrameMediaId?: string;
  };
  /** Ours: audio, document and zip items */
  file?: {
    url: string;
    format?: string;
  };
}

/** Main media and all media items. */
export interface Media {
  mainMedia?: MediaItem;
  items: MediaItem[];
}

/** An option (e.g. Size) with its choices. */
export interface ProductOption {
  optionType: 'drop_down' | 'color';
  name: string;
  choices: {
    value: string;
    description: string;
    inStock: boolean;
    visible: boolean;
    media?: Media;
  }[];
}

/** Stock of one variant. */
export interface VariantStock {
  trackQuantity: boolean;
  quantity?: number;
  inStock: boolean;
}

/** One combination of option choices. */
export interface Variant {
  id: string;
  choices: Record<string, string>;
  variant: {
    priceData: PriceData;
    convertedPriceData: PriceData;
    costAndProfitData?: CostAndProfit;
    weight?: number;
    sku?: string;
    visible: boolean;
  };
  stock: VariantStock;
}

/** A catalog product. */
export interface Product {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  productType: 'physical' | 'digital';
  description: string;
  sku?: string;
  weight?: number;
  weightRange: {
    minValue: number;
    maxValue: number;
  };
  stock: {
    trackInventory: boolean;
    quantity?: number;
    inStock: boolean;
    inventoryStatus: 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';
  };
  price: PriceData;
  priceData: PriceData;
  convertedPriceData: PriceData;
  priceRange: {
    minValue: number;
    maxValue: number;
  };
  costAndProfitData?: CostAndProfit;
  costRange?: {
    minValue: number;
    maxValue: number;
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
  };
  additionalInfoSections: {
    title: string;
    description: string;
  }[];
  ribbons: {
    text: string;
  }[];
  media: Media;
  customTextFields: {
    title: string;
    maxLength: number;
    mandatory: boolean;
  }[];
  manageVariants: boolean;
  productOptions: ProductOption[];
  productPageUrl: {
    base: string;
    path: string;
  };
  /** int64 as a decimal string */
  numericId: string;
  inventoryItemId: string;
  discount: {
    type: 'NONE' | 'AMOUNT' | 'PERCENT';
    /** AMOUNT: in the currency; PERCENT: percent */
    value: number;
  };
  collectionIds: string[];
  variants?: Variant[];
  lastUpdated: Date;
  createdDate: Date;
  seoData?: Record<string, unknown>;
  ribbon?: string;
  brand?: string;
  /** Ours: subscription plans the product can be bought on */
  subscriptionOptions?: {
    oneTimePurchase: boolean;
    subscriptions: {
      id: string;
      title: string;
      description?: string;
      visible: boolean;
      frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
      interval: number;
      /** 0 means until cancelled */
      billingCycles: number;
      discount: {
        type: 'NONE' | 'AMOUNT' | 'PERCENT';
        /** AMOUNT: in the currency; PERCENT: percent */
        value: number;
      };
    }[];
  };
  /** Ours: merchants only */
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
  /** Ours: buying it issues a gift card worth its price */
  giftCard: boolean;
  /** SDK: the same moment as `lastUpdated` (spec §3 naming) */
  updatedDate: Date;
}

/** Wire conversions of {@link Variant}. @internal */
export const VARIANT_WIRE: RevivePaths = {
  dates: [],
  floats: [
    'variant.priceData.price',
    'variant.priceData.discountedPrice',
    'variant.priceData.pricePerUnit',
    'variant.convertedPriceData.price',
    'variant.convertedPriceData.discountedPrice',
    'variant.convertedPriceData.pricePerUnit',
    'variant.costAndProfitData.itemCost',
    'variant.costAndProfitData.profit',
    'variant.costAndProfitData.profitMargin',
    'variant.weight',
    'stock.quantity',
  ],
};

/** Wire conversions of {@link Product}. @internal */
export const PRODUCT_WIRE: RevivePaths = {
  dates: ['lastUpdated', 'createdDate', 'updatedDate'],
  floats: [
    'weight',
    'weightRange.minValue',
    'weightRange.maxValue',
    'stock.quantity',
    'price.price',
    'price.discountedPrice',
    'price.pricePerUnit',
    'priceData.price',
    'priceData.discountedPrice',
    'priceData.pricePerUnit',
    'convertedPriceData.price',
    'convertedPriceData.discountedPrice',
    'convertedPriceData.pricePerUnit',
    'priceRange.minValue',
    'priceRange.maxValue',
    'costAndProfitData.itemCost',
    'costAndProfitData.profit',
    'costAndProfitData.profitMargin',
    'costRange.minValue',
    'costRange.maxValue',
    'pricePerUnitData.totalQuantity',
    'pricePerUnitData.baseQuantity',
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
    'customTextFields.maxLength',
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
    'discount.value',
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
    'subscriptionOptions.subscriptions.interval',
    'subscriptionOptions.subscriptions.billingCycles',
    'subscriptionOptions.subscriptions.discount.value',
  ],
};
