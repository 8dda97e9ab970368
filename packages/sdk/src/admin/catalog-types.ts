// The catalog as merchants write it (spec §7 "Catalog write"); what they read is the generated entities
// (Product, Collection, Variant). Prices are JSON numbers in major units of the store currency; more
// decimals than the currency has are refused by the server.

import type { Product } from '../entities/index.js';

export interface ProductOptionInput {
  name: string;
  optionType?: 'drop_down' | 'color';
  choices: { value: string; description?: string }[];
}

export interface VariantStockInput {
  trackQuantity?: boolean;
  quantity?: number | null;
  inStock?: boolean;
}

export interface VariantInput {
  id?: string;
  choices?: Record<string, string>;
  variant?: {
    priceData?: { price?: number | null };
    costAndProfitData?: { itemCost?: number | null };
    weight?: number | null;
    sku?: string | null;
    visible?: boolean;
  };
  stock?: VariantStockInput;
}

export interface ProductInput {
  name?: string;
  slug?: string;
  description?: string;
  productType?: 'physical' | 'digital';
  visible?: boolean;
  sku?: string | null;
  weight?: number | null;
  priceData?: { price: number };
  costAndProfitData?: { itemCost?: number | null };
  discount?: { type: 'NONE' | 'AMOUNT' | 'PERCENT'; value?: number };
  manageVariants?: boolean;
  productOptions?: ProductOptionInput[];
  stock?: { trackInventory?: boolean; quantity?: number | null; inStock?: boolean };
  media?: { mediaId?: string; url?: string; altText?: string; title?: string }[];
  collectionIds?: string[];
  seoData?: Record<string, unknown> | null;
  ribbon?: string | null;
  brand?: string | null;
  giftCard?: boolean;
  variants?: VariantInput[];
}

export interface VariantUpdate {
  choices?: Record<string, string>;
  variantIds?: string[];
  price?: number | null;
  cost?: number | null;
  weight?: number | null;
  sku?: string | null;
  visible?: boolean;
  stock?: VariantStockInput;
}

export interface ProductListParams {
  /** Full text with typo tolerance (name, brand, description). */
  search?: string;
  /** The protocol's filter JSON, e.g. `{ visible: false }`. */
  filter?: Record<string, unknown>;
  sort?: { fieldName: string; order?: 'ASC' | 'DESC' }[];
  limit?: number;
  offset?: number;
}

export interface ProductPage {
  products: Product[];
  metadata: { count: number; offset: number; total?: number; tooManyToCount?: boolean };
}

export type BulkField = 'price' | 'cost' | 'weight';

export type Adjustment = { amount: number } | { percentage: { rate: number; roundToInt?: boolean } };

export interface BulkResult {
  results: {
    itemMetadata: {
      id: string;
      originalIndex: number;
      success: boolean;
      error?: { code: string; description: string };
    };
  }[];
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}

export interface CollectionInput {
  name?: string;
  slug?: string;
  description?: string;
  visible?: boolean;
}
