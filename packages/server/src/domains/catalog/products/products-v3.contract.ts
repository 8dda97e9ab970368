import Type from 'typebox';
import { StringEnum, WireMeasureOrNull } from '../../../lib/http/wire.js';
import { LIMITS } from '../catalog.types.js';
import { AnyObject, InfoSection, Nullable, Opt } from './products.contract.js';

/*
 * A catalog v3 product as the public `productsV3` module sends it (createProduct, updateProduct), for the
 * fields our model can hold or must refuse by name (product-v3-write.mapper.ts). Read-only fields a client
 * echoes back (ranges, inventory, summaries, dates) are allowed and ignored.
 */

// A decimal string ("12.50"); what it must be is checked where it is read (product-v3-write.mapper.ts), so
// "NaN" or "-1" is refused there in the words V1 prices use, naming the price or cost.
const Amount = Type.Object({
  amount: Opt(Type.String({ maxLength: 30 })),
  formattedAmount: Opt(Nullable(Type.String())),
});

const MediaItem = Type.Object({
  id: Opt(Type.String({ minLength: 1, maxLength: 200 })),
  url: Opt(Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2000 })),
  altText: Opt(Nullable(Type.String({ maxLength: 500 }))),
  displayName: Opt(Nullable(Type.String({ maxLength: 200 }))),
});

const NameOrId = Nullable(
  Type.Object({
    id: Opt(Nullable(Type.String({ maxLength: 100 }))),
    name: Opt(Type.String({ maxLength: LIMITS.brandLength })),
  }),
);

const RENDER_TYPES = ['UNKNOWN_OPTION_RENDER_TYPE', 'TEXT_CHOICES', 'SWATCH_CHOICES'] as const;

const Variant = Type.Object({
  id: Opt(Nullable(Type.String())),
  visible: Opt(Nullable(Type.Boolean())),
  sku: Opt(Nullable(Type.String({ maxLength: LIMITS.skuLength }))),
  barcode: Opt(Nullable(Type.String())),
  choices: Opt(
    Type.Array(
      Type.Object({
        optionChoiceNames: Opt(
          Type.Object({
            optionName: Opt(Type.String({ maxLength: LIMITS.optionNameLength })),
            choiceName: Opt(Type.String({ maxLength: LIMITS.choiceLength })),
          }),
        ),
        optionChoiceIds: Opt(AnyObject),
      }),
      { maxItems: LIMITS.options },
    ),
  ),
  price: Opt(Type.Object({ actualPrice: Opt(Amount), compareAtPrice: Opt(Amount) })),
  revenueDetails: Opt(Type.Object({ cost: Opt(Amount) })),
  physicalProperties: Opt(
    Type.Object({
      weight: Opt(WireMeasureOrNull({ minimum: 0, maximum: LIMITS.maxWeight, noun: 'weight' })),
      pricePerUnit: Opt(AnyObject),
      productDimensions: Opt(AnyObject),
      packageDimensions: Opt(AnyObject),
    }),
  ),
  digitalProperties: Opt(AnyObject),
  media: Opt(AnyObject),
});

export const ProductV3 = Type.Object({
  name: Opt(Nullable(Type.String({ minLength: 1, maxLength: LIMITS.nameLength }))),
  slug: Opt(Nullable(Type.String({ maxLength: LIMITS.slugLength }))),
  plainDescription: Opt(Nullable(Type.String({ maxLength: LIMITS.descriptionLength }))),
  description: Opt(AnyObject),
  visible: Opt(Nullable(Type.Boolean())),
  visibleInPos: Opt(Nullable(Type.Boolean())),
  productType: Opt(StringEnum(['UNKNOWN_PRODUCT_TYPE', 'PHYSICAL', 'DIGITAL'] as const)),
  brand: Opt(NameOrId),
  ribbon: Opt(NameOrId),
  additionalRibbons: Opt(Type.Array(AnyObject)),
  media: Opt(
    Type.Object({
      main: Opt(MediaItem),
      itemsInfo: Opt(
        Type.Object({ items: Opt(Type.Array(MediaItem, { maxItems: LIMITS.mediaPerProduct })) }),
      ),
    }),
  ),
  seoData: Opt(Nullable(AnyObject)),
  options: Opt(
    Type.Array(
      Type.Object({
        name: Type.String({ minLength: 1, maxLength: LIMITS.optionNameLength }),
        optionRenderType: Opt(StringEnum(RENDER_TYPES)),
        choicesSettings: Type.Object({
          choices: Type.Array(
            Type.Object({
              name: Type.String({ minLength: 1, maxLength: LIMITS.choiceLength }),
              choiceType: Opt(
                StringEnum([
                  'UNKNOWN_CHOICE_TYPE',
                  'CHOICE_TEXT',
                  'ONE_COLOR',
                  'MULTIPLE_COLORS',
                  'IMAGE',
                ] as const),
              ),
              colorCode: Opt(Type.String({ maxLength: LIMITS.choiceLength })),
              linkedMedia: Opt(Type.Array(AnyObject)),
            }),
            { minItems: 1, maxItems: LIMITS.choicesPerOption },
          ),
        }),
      }),
      { maxItems: LIMITS.options },
    ),
  ),
  modifiers: Opt(
    Type.Array(
      Type.Object({
        modifierRenderType: Opt(Type.String()),
        mandatory: Opt(Type.Boolean()),
        freeTextSettings: Opt(
          Type.Object({
            title: Opt(Type.String({ maxLength: 100 })),
            maxCharCount: Opt(Type.Integer({ minimum: 0, maximum: 500 })),
            minCharCount: Opt(Type.Integer({ minimum: 0, maximum: 500 })),
          }),
        ),
      }),
      { maxItems: 5 },
    ),
  ),
  infoSections: Opt(
    Type.Array(
      Type.Object({
        id: Opt(Nullable(Type.String())),
        title: Opt(InfoSection.properties.title),
        plainDescription: Opt(InfoSection.properties.description),
      }),
      { maxItems: 20 },
    ),
  ),
  directCategoriesInfo: Opt(
    Type.Object({
      categories: Opt(
        Type.Array(Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }), { maxItems: 1000 }),
      ),
    }),
  ),
  physicalProperties: Opt(
    Type.Object({
      pricePerUnit: Opt(AnyObject),
      fulfillerId: Opt(Nullable(Type.String())),
      deliveryProfileId: Opt(Nullable(Type.String())),
    }),
  ),
  variantsInfo: Opt(Type.Object({ variants: Opt(Type.Array(Variant, { maxItems: LIMITS.variants })) })),
  taxGroupId: Opt(Nullable(Type.String())),
  subscriptionDetails: Opt(AnyObject),
  purchaseEligibility: Opt(AnyObject),
  extendedFields: Opt(AnyObject),
  tags: Opt(AnyObject),
  handle: Opt(Nullable(Type.String())),
});

export const ProductV3Write = Type.Object({ product: ProductV3 });

/** Every field of a catalog v3 product: anything else in a v3 body is refused by name. */
export const V3_PRODUCT_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(ProductV3.properties),
  // Read-only: answered, and echoed back by clients that update what they read.
  'id',
  'revision',
  'createdDate',
  'updatedDate',
  'url',
  'currency',
  'mainCategoryId',
  'allCategoriesInfo',
  'breadcrumbsInfo',
  'costRange',
  'actualPriceRange',
  'compareAtPriceRange',
  'inventory',
  'variantSummary',
]);
