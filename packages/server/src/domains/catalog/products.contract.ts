import Type, { type Static, type TSchema } from 'typebox';
import { DateTimeOut, StringEnum, WireNumber } from '../../http/wire.js';
import {
  DIGITAL_FILE_TYPES,
  DISCOUNT_TYPES,
  INVENTORY_STATUSES,
  LIMITS,
  MEASUREMENT_UNITS,
  MEDIA_TYPES,
  OPTION_TYPES,
  SUBSCRIPTION_FREQUENCIES,
} from './catalog.types.js';

/*
 * Product shapes on the wire (catalog v1 as the protocol's clients read and write it). Responses are
 * declared in full for fast serialization and OpenAPI; requests allow unknown fields (clients echo
 * read-only ones back), and a few extensions are marked as ours.
 */

const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const AnyObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
const money = (description?: string) =>
  WireNumber({ minimum: 0, maximum: 999_999_999.99, ...(description ? { description } : {}) });

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

const SubscriptionOptionsSchema = (out: boolean) =>
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
            : Opt(Type.Object({ type: StringEnum(DISCOUNT_TYPES), value: WireNumber({ minimum: 0 }) })),
        }),
        { maxItems: 6 },
      ),
    },
    { description: 'Ours: subscription plans the product can be bought on' },
  );

const DigitalFileSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  fileName: Type.String({ minLength: 1, maxLength: 1000 }),
  fileType: StringEnum(DIGITAL_FILE_TYPES),
});

const InfoSection = Type.Object({
  title: Type.String({ maxLength: 50 }),
  description: Type.String({ maxLength: 16_000 }),
});
const CustomTextFieldSchema = Type.Object({
  title: Type.String({ maxLength: 100 }),
  maxLength: Type.Integer({ minimum: 0, maximum: 500 }),
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

// ------------------------------------------------------------------------------------------------
// Requests

/** Media to attach: library files by id or external URLs (the protocol's MediaDataForWrite). */
export const MediaWrite = Type.Object({
  mediaId: Opt(Type.String({ minLength: 1, maxLength: 200 })),
  url: Opt(Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2000 })),
  altText: Opt(Type.String({ maxLength: 500 })),
  title: Opt(Type.String({ maxLength: 200 })),
  choice: Opt(
    Type.Object({
      option: Type.String({ minLength: 1, maxLength: 50 }),
      choice: Type.String({ minLength: 1, maxLength: 50 }),
    }),
  ),
});

/** Media in the read shape (`{items: [...]}`), accepted on writes so exports can be imported again. */
export const MediaReadShape = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Opt(Type.String()),
      title: Opt(Type.String()),
      image: Opt(Type.Object({ url: Opt(Type.String()), altText: Opt(Type.String()) })),
      video: Opt(Type.Object({ files: Opt(Type.Array(Type.Object({ url: Opt(Type.String()) }))) })),
      file: Opt(Type.Object({ url: Opt(Type.String()) })),
    }),
    { maxItems: LIMITS.mediaPerProduct },
  ),
});

const StockWrite = Type.Object({
  trackQuantity: Opt(Type.Boolean()),
  quantity: Opt(Nullable(Type.Integer({ minimum: 0, maximum: LIMITS.maxQuantity }))),
  inStock: Opt(Type.Boolean()),
});

/** A variant in the read shape, accepted on product writes (ours) to set per-variant data at once. */
const VariantWrite = Type.Object({
  id: Opt(Type.String()),
  choices: Opt(Type.Record(Type.String(), Type.String())),
  variant: Opt(
    Type.Object({
      priceData: Opt(Type.Object({ price: Opt(Nullable(money())) })),
      costAndProfitData: Opt(Type.Object({ itemCost: Opt(Nullable(money())) })),
      weight: Opt(Nullable(WireNumber({ minimum: 0, maximum: LIMITS.maxWeight }))),
      sku: Opt(Nullable(Type.String({ maxLength: LIMITS.skuLength }))),
      visible: Opt(Type.Boolean()),
    }),
  ),
  stock: Opt(StockWrite),
});

function productFields(create: boolean) {
  const price = Type.Object({ price: money('Price in the store currency, e.g. 12.5') });
  return {
    name: create
      ? Type.String({ minLength: 1, maxLength: LIMITS.nameLength })
      : Opt(Type.String({ minLength: 1, maxLength: LIMITS.nameLength })),
    slug: Opt(Type.String({ minLength: 1, maxLength: LIMITS.slugLength })),
    description: Opt(Type.String({ maxLength: LIMITS.descriptionLength })),
    productType: Opt(StringEnum(['physical', 'digital', 'unspecified_product_type'] as const)),
    visible: Opt(Type.Boolean()),
    sku: Opt(Nullable(Type.String({ maxLength: LIMITS.skuLength }))),
    weight: Opt(Nullable(WireNumber({ minimum: 0, maximum: LIMITS.maxWeight }))),
    priceData: create ? price : Opt(price),
    costAndProfitData: Opt(Type.Object({ itemCost: Opt(Nullable(money())) })),
    discount: Opt(
      Type.Object({
        type: StringEnum([...DISCOUNT_TYPES, 'UNDEFINED'] as const),
        value: Opt(WireNumber({ minimum: 0 })),
      }),
    ),
    pricePerUnitData: Opt(
      Nullable(
        Type.Object({
          totalQuantity: WireNumber({ minimum: 0.01, maximum: 999_999_999.99 }),
          totalMeasurementUnit: StringEnum(MEASUREMENT_UNITS),
          baseQuantity: WireNumber({ minimum: 0.01, maximum: 999_999_999.99 }),
          baseMeasurementUnit: StringEnum(MEASUREMENT_UNITS),
        }),
      ),
    ),
    manageVariants: Opt(Type.Boolean()),
    productOptions: Opt(
      Type.Array(
        Type.Object({
          name: Type.String({ minLength: 1, maxLength: LIMITS.optionNameLength }),
          optionType: Opt(StringEnum([...OPTION_TYPES, 'unspecified_option_type'] as const)),
          choices: Type.Array(
            Type.Object({
              value: Type.String({ minLength: 1, maxLength: LIMITS.choiceLength }),
              description: Opt(Type.String({ minLength: 1, maxLength: LIMITS.choiceLength })),
            }),
            { minItems: 1, maxItems: LIMITS.choicesPerOption },
          ),
        }),
        { maxItems: LIMITS.options },
      ),
    ),
    stock: Opt(
      Type.Object({
        trackInventory: Opt(Type.Boolean()),
        quantity: Opt(Nullable(Type.Integer({ minimum: 0, maximum: LIMITS.maxQuantity }))),
        inStock: Opt(Type.Boolean()),
      }),
    ),
    media: Opt(Type.Union([Type.Array(MediaWrite, { maxItems: LIMITS.mediaPerProduct }), MediaReadShape])),
    collectionIds: Opt(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000 })),
    additionalInfoSections: Opt(Type.Array(InfoSection, { maxItems: 20 })),
    customTextFields: Opt(Type.Array(CustomTextFieldSchema, { maxItems: 5 })),
    seoData: Opt(Nullable(AnyObject)),
    ribbon: Opt(Nullable(Type.String({ maxLength: LIMITS.ribbonLength }))),
    brand: Opt(Nullable(Type.String({ maxLength: LIMITS.brandLength }))),
    subscriptionOptions: Opt(Nullable(SubscriptionOptionsSchema(false))),
    digitalFiles: Opt(Type.Array(DigitalFileSchema, { maxItems: 20 })),
    giftCard: Opt(Type.Boolean()),
    variants: Opt(Type.Array(VariantWrite, { maxItems: LIMITS.variants })),
  };
}

export const ProductCreate = Type.Object(productFields(true));
export const ProductUpdate = Type.Object(productFields(false));
export const CreateProductRequest = Type.Object({ product: ProductCreate });
export const UpdateProductRequest = Type.Object({ product: ProductUpdate });
export type ProductWrite = Static<typeof ProductUpdate>;

export const ProductIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const GetProductQuery = Type.Object({ includeMerchantSpecificData: Opt(Type.Boolean()) });
export const EmptyResponse = Type.Object({});
