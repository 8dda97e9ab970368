import Type, { type TSchema } from 'typebox';
import { DateTimeOut, StringEnum, WireNumber, WireWholeNumberOrNull } from '../../../lib/http/wire.js';
import {
  DIGITAL_FILE_TYPES,
  DISCOUNT_TYPES,
  INVENTORY_STATUSES,
  LIMITS,
  MEASUREMENT_UNITS,
  MEDIA_TYPES,
  OPTION_TYPES,
  SUBSCRIPTION_FREQUENCIES,
} from '../catalog.types.js';

/*
 * Product shapes on the wire (catalog v1 as the protocol's clients read and write it). Responses are
 * declared in full for fast serialization and OpenAPI; requests allow unknown fields (clients echo
 * read-only ones back), and a few extensions are marked as ours.
 */

export const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/**
 * A stock quantity that may be null ("not tracked"). One schema rather than a union with null, so a bad
 * value ("NaN", 1.5, -1) is reported with its own rule instead of "must match one of the allowed shapes".
 */
export const QuantityOrNull = () =>
  WireWholeNumberOrNull({ minimum: 0, maximum: LIMITS.maxQuantity, noun: 'stock quantity' });
export const AnyObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
export const money = (description?: string) =>
  WireNumber({ minimum: 0, maximum: 999_999_999.99, noun: 'price', ...(description ? { description } : {}) });

// ------------------------------------------------------------------------------------------------
// Responses

export const PriceDataOut = Type.Object({
  currency: Type.String(),
  price: Type.Number(),
  discountedPrice: Type.Number(),
  pricePerUnit: Opt(Type.Number()),
  formatted: Type.Object({
    price: Type.String(),
    discountedPrice: Type.String(),
    pricePerUnit: Opt(Type.String()),
  }),
});

export const CostAndProfitOut = Type.Object({
  itemCost: Type.Number(),
  formattedItemCost: Type.String(),
  profit: Type.Number(),
  formattedProfit: Type.String(),
  profitMargin: Type.Number(),
});

const RangeOut = Type.Object({ minValue: Type.Number(), maxValue: Type.Number() });
const UrlAndSize = Type.Object({
  url: Type.String(),
  width: Opt(Type.Integer()),
  height: Opt(Type.Integer()),
  format: Opt(Type.String()),
  altText: Opt(Type.String()),
});

export const MediaItemOut = Type.Object({
  id: Type.String(),
  mediaType: StringEnum(MEDIA_TYPES),
  title: Opt(Type.String()),
  image: Opt(UrlAndSize),
  thumbnail: Opt(UrlAndSize),
  video: Opt(Type.Object({ files: Type.Array(UrlAndSize), stillFrameMediaId: Opt(Type.String()) })),
  file: Opt(
    Type.Object(
      { url: Type.String(), format: Opt(Type.String()) },
      { description: 'Ours: audio, document and zip items' },
    ),
  ),
});

export const MediaOut = Type.Object({ mainMedia: Opt(MediaItemOut), items: Type.Array(MediaItemOut) });

const ChoiceOut = Type.Object({
  value: Type.String(),
  description: Type.String(),
  inStock: Type.Boolean(),
  visible: Type.Boolean(),
  media: Opt(MediaOut),
});

export const ProductOptionOut = Type.Object({
  optionType: StringEnum(OPTION_TYPES),
  name: Type.String(),
  choices: Type.Array(ChoiceOut),
});

export const VariantStockOut = Type.Object({
  trackQuantity: Type.Boolean(),
  quantity: Opt(Type.Integer()),
  inStock: Type.Boolean(),
});

export const VariantOut = Type.Object({
  id: Type.String(),
  choices: Type.Record(Type.String(), Type.String()),
  variant: Type.Object({
    priceData: PriceDataOut,
    convertedPriceData: PriceDataOut,
    costAndProfitData: Opt(CostAndProfitOut),
    weight: Opt(Type.Number()),
    sku: Opt(Type.String()),
    visible: Type.Boolean(),
  }),
  stock: VariantStockOut,
});

const DiscountOut = Type.Object({
  type: StringEnum(DISCOUNT_TYPES),
  value: Type.Number({ description: 'AMOUNT: in the currency; PERCENT: percent' }),
});

export const SubscriptionOptionsSchema = (out: boolean) =>
  Type.Object(
    {
      oneTimePurchase: out ? Type.Boolean() : Opt(Type.Boolean()),
      subscriptions: Type.Array(
        Type.Object({
          id: out ? Type.String() : Opt(Type.String({ maxLength: 64 })),
          title: Type.String({ minLength: 1, maxLength: 50 }),
          description: Opt(Type.String({ maxLength: 500 })),
          visible: out ? Type.Boolean() : Opt(Type.Boolean()),
          frequency: StringEnum(SUBSCRIPTION_FREQUENCIES),
          interval: out ? Type.Integer() : Opt(Type.Integer({ minimum: 1, maximum: 50 })),
          billingCycles: out
            ? Type.Integer({ description: '0 means until cancelled' })
            : Opt(
                Type.Integer({ minimum: 0, maximum: 999, description: '0 (default) means until cancelled' }),
              ),
          discount: out
            ? DiscountOut
            : Opt(
                Type.Object({
                  type: StringEnum(DISCOUNT_TYPES),
                  value: WireNumber({ minimum: 0, maximum: 999_999_999.99, noun: 'discount' }),
                }),
              ),
        }),
        { maxItems: 6 },
      ),
    },
    { description: 'Ours: subscription plans the product can be bought on' },
  );

export const DigitalFileSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  fileName: Type.String({ minLength: 1, maxLength: 1000 }),
  fileType: StringEnum(DIGITAL_FILE_TYPES),
});

export const InfoSection = Type.Object({
  title: Type.String({ maxLength: 50 }),
  description: Type.String({ maxLength: 16_000 }),
});
export const CustomTextFieldSchema = Type.Object({
  title: Type.String({ maxLength: LIMITS.customTextFieldTitleLength }),
  maxLength: Type.Integer({ minimum: 0, maximum: LIMITS.customTextLength }),
  mandatory: Type.Boolean(),
});

export const ProductOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  visible: Type.Boolean(),
  productType: StringEnum(['physical', 'digital'] as const),
  description: Type.String(),
  sku: Opt(Type.String()),
  weight: Opt(Type.Number()),
  weightRange: RangeOut,
  stock: Type.Object({
    trackInventory: Type.Boolean(),
    quantity: Opt(Type.Integer()),
    inStock: Type.Boolean(),
    inventoryStatus: StringEnum(INVENTORY_STATUSES),
  }),
  price: PriceDataOut,
  priceData: PriceDataOut,
  convertedPriceData: PriceDataOut,
  priceRange: RangeOut,
  costAndProfitData: Opt(CostAndProfitOut),
  costRange: Opt(RangeOut),
  pricePerUnitData: Opt(
    Type.Object({
      totalQuantity: Type.Number(),
      totalMeasurementUnit: StringEnum(MEASUREMENT_UNITS),
      baseQuantity: Type.Number(),
      baseMeasurementUnit: StringEnum(MEASUREMENT_UNITS),
    }),
  ),
  additionalInfoSections: Type.Array(InfoSection),
  ribbons: Type.Array(Type.Object({ text: Type.String() })),
  media: MediaOut,
  customTextFields: Type.Array(CustomTextFieldSchema),
  manageVariants: Type.Boolean(),
  productOptions: Type.Array(ProductOptionOut),
  productPageUrl: Type.Object({ base: Type.String(), path: Type.String() }),
  numericId: Type.String({ description: 'int64 as a decimal string' }),
  inventoryItemId: Type.String(),
  discount: DiscountOut,
  collectionIds: Type.Array(Type.String()),
  variants: Opt(Type.Array(VariantOut)),
  lastUpdated: DateTimeOut(),
  createdDate: DateTimeOut(),
  seoData: Opt(AnyObject),
  ribbon: Opt(Type.String()),
  brand: Opt(Type.String()),
  subscriptionOptions: Opt(SubscriptionOptionsSchema(true)),
  digitalFiles: Opt(Type.Array(DigitalFileSchema, { description: 'Ours: merchants only' })),
  giftCard: Type.Boolean({ description: 'Ours: buying it issues a gift card worth its price' }),
});

export const ProductResponse = Type.Object({ product: ProductOut });

export const ProductIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const GetProductQuery = Type.Object({ includeMerchantSpecificData: Opt(Type.Boolean()) });
export const EmptyResponse = Type.Object({});
