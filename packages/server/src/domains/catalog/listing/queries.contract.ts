import Type from 'typebox';
import { StringEnum, WireMeasureOrNull, WireNumber } from '../../../lib/http/wire.js';
import { OffsetPagingSchema, PagingMetadataSchema } from '../../../lib/paging.js';
import { ProductOut } from '../products/products.contract.js';
import { FACETS } from './search.service.js';

export const QueryProductsRequest = Type.Object({
  query: Type.Optional(
    Type.Object({
      filter: Type.Optional(Type.Unknown()),
      sort: Type.Optional(Type.Unknown()),
      paging: Type.Optional(OffsetPagingSchema),
    }),
  ),
  includeVariants: Type.Optional(Type.Boolean({ description: 'Default true' })),
  includeHiddenProducts: Type.Optional(
    Type.Boolean({ description: 'Merchants only; default true for them' }),
  ),
  includeMerchantSpecificData: Type.Optional(Type.Boolean()),
});

export const QueryProductsResponse = Type.Object({
  products: Type.Array(ProductOut),
  metadata: Type.Object({
    ...PagingMetadataSchema.properties,
    items: Type.Optional(Type.Integer({ description: 'v1 REST form: the page size' })),
  }),
  totalResults: Type.Optional(Type.Integer({ description: 'v1 REST form' })),
});

const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 });
const amount = () => WireNumber({ minimum: -999_999_999.99, maximum: 999_999_999.99, noun: 'amount' });

export const BulkUpdateRequest = Type.Object({
  ids: Ids,
  set: Type.Object({
    price: Type.Optional(WireNumber({ minimum: 0, maximum: 999_999_999.99, noun: 'price' })),
    cost: Type.Optional(WireNumber({ minimum: 0, maximum: 999_999_999.99, noun: 'cost' })),
    // An optional measure: null or "NaN" (no weight) clears the products' weights.
    weight: Type.Optional(WireMeasureOrNull({ minimum: 0, maximum: 999_999_999.99, noun: 'weight' })),
    ribbon: Type.Optional(Type.String({ maxLength: 30 })),
    brand: Type.Optional(Type.String({ maxLength: 50 })),
  }),
});

const Adjustment = Type.Object({
  amount: Type.Optional(amount()),
  percentage: Type.Optional(
    Type.Union([
      Type.Integer({ minimum: -100, maximum: 1000 }),
      Type.Object({
        rate: Type.Integer({ minimum: -100, maximum: 1000 }),
        roundToInt: Type.Optional(Type.Boolean()),
      }),
    ]),
  ),
});

export const BulkAdjustRequest = Type.Object({
  ids: Ids,
  adjust: Type.Object({
    price: Type.Optional(Adjustment),
    cost: Type.Optional(Adjustment),
    weight: Type.Optional(Adjustment),
  }),
});

export const BulkResponse = Type.Object({
  results: Type.Array(
    Type.Object({
      itemMetadata: Type.Object({
        id: Type.String(),
        originalIndex: Type.Integer(),
        success: Type.Boolean(),
        error: Type.Optional(Type.Object({ code: Type.String(), description: Type.String() })),
      }),
    }),
  ),
  bulkActionMetadata: Type.Object({
    totalSuccesses: Type.Integer(),
    totalFailures: Type.Integer(),
    undetailedFailures: Type.Integer(),
  }),
});

export const SearchProductsRequest = Type.Object({
  search: Type.Optional(Type.Object({ expression: Type.Optional(Type.String({ maxLength: 200 })) })),
  query: QueryProductsRequest.properties.query,
  facets: Type.Optional(Type.Array(StringEnum(FACETS), { maxItems: FACETS.length })),
  includeVariants: Type.Optional(Type.Boolean()),
});

export const SearchProductsResponse = Type.Object({
  products: Type.Array(ProductOut),
  metadata: PagingMetadataSchema,
  facets: Type.Object({
    collections: Type.Optional(
      Type.Array(
        Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String(), count: Type.Integer() }),
      ),
    ),
    brands: Type.Optional(Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() }))),
    options: Type.Optional(
      Type.Array(
        Type.Object({
          name: Type.String(),
          choices: Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() })),
        }),
      ),
    ),
    prices: Type.Optional(
      Type.Array(
        Type.Object({
          from: Type.Number(),
          to: Type.Optional(Type.Number()),
          formatted: Type.String(),
          count: Type.Integer(),
        }),
      ),
    ),
  }),
});
