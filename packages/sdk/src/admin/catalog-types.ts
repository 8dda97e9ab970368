// The catalog as merchants write and read it (spec §7 "Catalog write"). Prices are JSON numbers in major
// units of the store currency; more decimals than the currency has are refused by the server.

export interface ProductOptionInput {
  name: string;
  optionType?: 'drop_down' | 'color';
  choices: { value: string; description?: string }[];
}

export interface VariantStock {
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
  stock?: VariantStock;
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

export interface PriceData {
  currency: string;
  price: number;
  discountedPrice: number;
  formatted: { price: string; discountedPrice: string };
}

export interface MediaItem {
  id: string;
  mediaType: string;
  title?: string;
  image?: { url: string; width?: number; height?: number; altText?: string };
  thumbnail?: { url: string; width?: number; height?: number };
}

export interface Variant {
  id: string;
  choices: Record<string, string>;
  variant: {
    priceData: PriceData;
    costAndProfitData?: { itemCost: number; formattedItemCost: string };
    weight?: number;
    sku?: string;
    visible: boolean;
  };
  stock: { trackQuantity: boolean; quantity?: number; inStock: boolean };
}

export interface Product {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  productType: 'physical' | 'digital';
  description: string;
  sku?: string;
  weight?: number;
  stock: {
    trackInventory: boolean;
    quantity?: number;
    inStock: boolean;
    inventoryStatus: 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';
  };
  priceData: PriceData;
  costAndProfitData?: { itemCost: number; formattedItemCost: string; profit: number; profitMargin: number };
  media: { mainMedia?: MediaItem; items: MediaItem[] };
  manageVariants: boolean;
  productOptions: {
    optionType: 'drop_down' | 'color';
    name: string;
    choices: { value: string; description: string; inStock: boolean; visible: boolean }[];
  }[];
  numericId: string;
  discount: { type: 'NONE' | 'AMOUNT' | 'PERCENT'; value: number };
  collectionIds: string[];
  variants?: Variant[];
  ribbon?: string;
  brand?: string;
  giftCard: boolean;
  seoData?: Record<string, unknown>;
  lastUpdated: string;
  createdDate: string;
}

export interface VariantUpdate {
  choices?: Record<string, string>;
  variantIds?: string[];
  price?: number | null;
  cost?: number | null;
  weight?: number | null;
  sku?: string | null;
  visible?: boolean;
  stock?: VariantStock;
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

export interface Collection {
  id: string;
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  numberOfProducts: number;
  media: { mainMedia?: MediaItem; items: MediaItem[] };
  createdDate: string;
  lastUpdated: string;
}

export interface CollectionInput {
  name?: string;
  slug?: string;
  description?: string;
  visible?: boolean;
}
