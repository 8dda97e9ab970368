// The admin client's own catalog arguments and results: the product list is a query or a search (two
// contracts, one call), and bulk edits take the field apart from the value. What merchants send and read
// is generated (../entities/admin-catalog.ts, Product, Collection, Variant).

import type { BulkAdjustments, ListMetadata, Product } from '../entities/index.js';

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
  metadata: ListMetadata;
}

/** What a bulk edit by field changes: `bulkSet` and `bulkAdjust` take the field and its value apart. */
export type BulkField = keyof BulkAdjustments;
