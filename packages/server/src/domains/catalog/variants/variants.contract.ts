import Type from 'typebox';
import { WireMeasureOrNull, WireNumberOrNull } from '../../../lib/http/wire.js';
import { OffsetPagingSchema, PagingMetadataSchema } from '../../../lib/paging.js';
import { LIMITS } from '../catalog.types.js';
import {
  MediaOut,
  PriceDataOut,
  ProductOptionOut,
  QuantityOrNull,
  VariantOut,
  VariantStockOut,
} from '../products/products.contract.js';

/** Option name → choice; TypeBox drops a key schema's bounds, so they are `propertyNames`. */
const Choices = Type.Record(Type.String(), Type.String({ maxLength: LIMITS.choiceLength }), {
  maxProperties: LIMITS.options,
  propertyNames: { minLength: 1, maxLength: LIMITS.optionNameLength },
});
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const VariantOverride = Type.Object({
  choices: Type.Optional(Choices),
  variantIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: LIMITS.variants })),
  price: Type.Optional(WireNumberOrNull({ minimum: 0, maximum: 999_999_999.99, noun: 'price' })),
  cost: Type.Optional(WireNumberOrNull({ minimum: 0, maximum: 999_999_999.99, noun: 'cost' })),
  // "NaN" (no weight) clears the variant's own weight, as null does: it weighs what the product weighs.
  weight: Type.Optional(WireMeasureOrNull({ minimum: 0, maximum: LIMITS.maxWeight, noun: 'weight' })),
  sku: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.skuLength }))),
  visible: Type.Optional(Type.Boolean()),
  stock: Type.Optional(
    Type.Object(
      {
        trackQuantity: Type.Optional(Type.Boolean()),
        quantity: Type.Optional(QuantityOrNull()),
        inStock: Type.Optional(Type.Boolean()),
      },
      { description: 'Ours: the variant stock' },
    ),
  ),
});

export const UpdateVariantsRequest = Type.Object({
  variants: Type.Array(VariantOverride, { minItems: 1, maxItems: LIMITS.variants }),
});
export const VariantsResponse = Type.Object({ variants: Type.Array(VariantOut) });

export const QueryProductVariantsRequest = Type.Object({
  choices: Type.Optional(Choices),
  variantIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: LIMITS.variants })),
  paging: Type.Optional(OffsetPagingSchema),
  includeMerchantSpecificData: Type.Optional(Type.Boolean()),
});
export const QueryProductVariantsResponse = Type.Object({
  variants: Type.Array(VariantOut),
  metadata: Type.Object({ items: Type.Integer(), offset: Type.Integer() }),
  totalResults: Type.Integer(),
});

export const OptionsAvailabilityRequest = Type.Object({ options: Type.Optional(Choices) });
export const OptionsAvailabilityResponse = Type.Object({
  selectedVariant: Type.Optional(
    Type.Object({
      id: Type.String(),
      price: PriceDataOut,
      convertedPriceData: PriceDataOut,
      weight: Type.Optional(Type.Number()),
      sku: Type.Optional(Type.String()),
      quantity: Type.Optional(Type.Integer()),
      inStock: Type.Boolean(),
      visible: Type.Boolean(),
    }),
  ),
  media: MediaOut,
  productOptions: Type.Array(ProductOptionOut),
  availableForPurchase: Type.Boolean(),
});

export const StoreVariantOut = Type.Object({
  id: Type.String({ description: '{productId}-{variantId}' }),
  variantId: Type.String(),
  productId: Type.String(),
  variantName: Type.String(),
  productName: Type.String(),
  managedVariant: Type.Boolean(),
  sku: Type.Optional(Type.String()),
  stock: VariantStockOut,
  choices: Type.Record(Type.String(), Type.String()),
  collectionIds: Type.Array(Type.String()),
  media: Type.Optional(
    Type.Object({ image: Type.Optional(Type.String()), video: Type.Optional(Type.String()) }),
  ),
  preorderInfo: Type.Object({ enabled: Type.Boolean() }),
  price: Type.Optional(PriceDataOut),
});
export const StoreVariantResponse = Type.Object({ variant: StoreVariantOut });
export const QueryStoreVariantsResponse = Type.Object({
  variants: Type.Array(StoreVariantOut),
  metadata: PagingMetadataSchema,
});
export const StoreVariantIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
