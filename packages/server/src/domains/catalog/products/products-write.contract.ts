import Type, { type Static } from 'typebox';
import { StringEnum, WireMeasureOrNull, WireNumber, WireNumberOrNull } from '../../../lib/http/wire.js';
import { DISCOUNT_TYPES, LIMITS, MEASUREMENT_UNITS, OPTION_TYPES } from '../catalog.types.js';
import {
  AnyObject,
  CustomTextFieldSchema,
  DigitalFileSchema,
  InfoSection,
  money,
  Nullable,
  Opt,
  QuantityOrNull,
  SubscriptionOptionsSchema,
} from './products.contract.js';

/*
 * Product request bodies (create, update and the media writes). Unknown fields are allowed: clients
 * echo read-only fields back. Fields marked "ours" are extensions of the protocol.
 */

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

const MONEY = { minimum: 0, maximum: 999_999_999.99 } as const;
/** A weight is an optional measure: "NaN" means none (cleared on update, absent on create). */
const WEIGHT = () => WireMeasureOrNull({ minimum: 0, maximum: LIMITS.maxWeight, noun: 'weight' });

const StockWrite = Type.Object({
  trackQuantity: Opt(Type.Boolean()),
  quantity: Opt(QuantityOrNull()),
  inStock: Opt(Type.Boolean()),
});

/** A variant in the read shape, accepted on product writes (ours) to set per-variant data at once. */
const VariantWrite = Type.Object({
  id: Opt(Type.String()),
  choices: Opt(Type.Record(Type.String(), Type.String())),
  variant: Opt(
    Type.Object({
      priceData: Opt(Type.Object({ price: Opt(WireNumberOrNull({ ...MONEY, noun: 'price' })) })),
      costAndProfitData: Opt(Type.Object({ itemCost: Opt(WireNumberOrNull({ ...MONEY, noun: 'cost' })) })),
      weight: Opt(WEIGHT()),
      sku: Opt(Nullable(Type.String({ maxLength: LIMITS.skuLength }))),
      visible: Opt(Type.Boolean()),
    }),
  ),
  stock: Opt(StockWrite),
});

const PricePerUnitObject = Type.Object({
  totalQuantity: WireNumber({ minimum: 0.01, maximum: 999_999_999.99, noun: 'quantity' }),
  totalMeasurementUnit: StringEnum(MEASUREMENT_UNITS),
  baseQuantity: WireNumber({ minimum: 0.01, maximum: 999_999_999.99, noun: 'quantity' }),
  baseMeasurementUnit: StringEnum(MEASUREMENT_UNITS),
});
/**
 * Price per unit, or null to remove it. One schema rather than a union with null, so a bad quantity is
 * reported on its own field only, without "pricePerUnitData must match one of the allowed shapes".
 */
const PricePerUnitWrite = Type.Unsafe<Static<typeof PricePerUnitObject> | null>({
  ...PricePerUnitObject,
  type: ['object', 'null'],
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
    weight: Opt(WEIGHT()),
    priceData: create ? price : Opt(price),
    costAndProfitData: Opt(Type.Object({ itemCost: Opt(WireNumberOrNull({ ...MONEY, noun: 'cost' })) })),
    discount: Opt(
      Type.Object({
        type: StringEnum([...DISCOUNT_TYPES, 'UNDEFINED'] as const),
        value: Opt(WireNumber({ ...MONEY, noun: 'discount' })),
      }),
    ),
    pricePerUnitData: Opt(PricePerUnitWrite),
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
        quantity: Opt(QuantityOrNull()),
        inStock: Opt(Type.Boolean()),
      }),
    ),
    media: Opt(Type.Union([Type.Array(MediaWrite, { maxItems: LIMITS.mediaPerProduct }), MediaReadShape])),
    collectionIds: Opt(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000 })),
    additionalInfoSections: Opt(Type.Array(InfoSection, { maxItems: 20 })),
    customTextFields: Opt(Type.Array(CustomTextFieldSchema, { maxItems: LIMITS.customTextFields })),
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
