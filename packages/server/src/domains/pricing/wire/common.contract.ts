import Type from 'typebox';
import { AmountIn, DateTimeOut, StringEnum, WireFloat, WireFloatOut } from '../../../lib/http/wire.js';
import { LIMITS as CATALOG_LIMITS } from '../../catalog/index.js';
import { VAT_TYPES } from '../lines/address.types.js';
import { AVAILABILITY_STATUSES, ITEM_TYPES, PAYMENT_OPTIONS } from '../totals/totals.types.js';

/*
 * Wire shapes shared by carts, checkouts and orders (wire-protocol.md §4.1–4.2, spec §3). Requests allow
 * unknown fields (clients send many we do not model); responses list exactly what is sent.
 */

const text = (maxLength: number) => Type.String({ maxLength });

// ---- requests ----------------------------------------------------------------------------------

export const AddressIn = Type.Object({
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' })),
  subdivision: Type.Optional(text(10)),
  county: Type.Optional(text(100)),
  city: Type.Optional(text(100)),
  postalCode: Type.Optional(text(20)),
  addressLine: Type.Optional(text(200)),
  addressLine2: Type.Optional(text(200)),
  streetAddress: Type.Optional(
    Type.Object({
      name: Type.Optional(text(200)),
      number: Type.Optional(text(20)),
      apt: Type.Optional(text(20)),
    }),
  ),
  geocode: Type.Optional(
    Type.Object({ latitude: Type.Optional(WireFloat()), longitude: Type.Optional(WireFloat()) }),
  ),
  formattedAddress: Type.Optional(text(500)),
});

export const ContactDetailsIn = Type.Object({
  firstName: Type.Optional(text(100)),
  lastName: Type.Optional(text(100)),
  phone: Type.Optional(text(50)),
  company: Type.Optional(text(200)),
  vatId: Type.Optional(
    Type.Object({
      id: Type.String({ minLength: 1, maxLength: 50 }),
      type: Type.Optional(StringEnum(VAT_TYPES)),
    }),
  ),
});

export const AddressWithContactIn = Type.Object({
  address: Type.Optional(AddressIn),
  contactDetails: Type.Optional(ContactDetailsIn),
});

/** A map of names to strings, each name and value bounded, at most `maxProperties` entries. */
const NamedStrings = (names: { maxLength: number }, values: { maxLength: number }, maxProperties: number) =>
  Type.Record(Type.String(), Type.String({ maxLength: values.maxLength }), {
    maxProperties,
    propertyNames: { minLength: 1, maxLength: names.maxLength },
  });

/**
 * `catalogReference.options` of a Wix Stores item, as the platform's e-commerce integration defines it
 * (catalog v1 and v3): the variant (`variantId`) or its choices (`options`: option name → choice),
 * `customTextFields` (title → the buyer's text), and a subscription plan (`subscriptionOptionId`, with
 * our `subscriptionStartDate`). Any other key is refused by name, and every part is bounded by the
 * catalog's own limits; the product itself is then checked for the names (lines/line-list.rules.ts).
 * A Pricing Plans line has `type: "PLAN"` and `planOptions.pricingVariantId` instead
 * (lines/plan-lines.rules.ts refuses either kind's keys on the other).
 */
export const StoresItemOptionsIn = Type.Object(
  {
    variantId: Type.Optional(text(100)),
    options: Type.Optional(
      NamedStrings(
        { maxLength: CATALOG_LIMITS.optionNameLength },
        { maxLength: CATALOG_LIMITS.choiceLength },
        CATALOG_LIMITS.options,
      ),
    ),
    customTextFields: Type.Optional(
      NamedStrings(
        { maxLength: CATALOG_LIMITS.customTextFieldTitleLength },
        { maxLength: CATALOG_LIMITS.customTextLength },
        CATALOG_LIMITS.customTextFields,
      ),
    ),
    subscriptionOptionId: Type.Optional(text(100)),
    subscriptionStartDate: Type.Optional(text(40)),
    type: Type.Optional(text(20)),
    planOptions: Type.Optional(
      Type.Object({ pricingVariantId: Type.Optional(text(100)) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

export const CatalogReferenceIn = Type.Object({
  appId: Type.Optional(text(100)),
  catalogItemId: Type.String({ minLength: 1, maxLength: 100 }),
  options: Type.Optional(StoresItemOptionsIn),
});

/**
 * A custom line's reference (merchant and app keys only): any catalog's keys, bounded. It groups the
 * line for the caller and is not kept (custom lines store what they are given, not a reference).
 */
const CustomCatalogReferenceIn = Type.Object({
  appId: Type.Optional(text(100)),
  catalogItemId: Type.String({ minLength: 1, maxLength: 100 }),
  options: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      maxProperties: 20,
      propertyNames: { minLength: 1, maxLength: 100 },
    }),
  ),
});

const Quantity = Type.Integer({ minimum: 1, maximum: 99_999 });

export const ServicePropertiesIn = Type.Object({
  scheduledDate: Type.Optional(Type.String({ format: 'date-time' })),
  numberOfParticipants: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
});

/**
 * Description lines as the protocol's clients send them: plain text (`plainText`) or a colour
 * (`colorInfo` with its name and `code`); `lineType` may say which.
 */
const DescriptionLinesIn = Type.Array(
  Type.Object({
    name: Type.Optional(Type.Object({ original: Type.Optional(text(100)) })),
    lineType: Type.Optional(StringEnum(['PLAIN_TEXT', 'COLOR'] as const)),
    plainText: Type.Optional(Type.Object({ original: Type.Optional(text(500)) })),
    colorInfo: Type.Optional(
      Type.Object({
        original: Type.Optional(text(100)),
        code: Type.Optional(Type.String({ maxLength: 30 })),
      }),
    ),
  }),
  { maxItems: 20 },
);

/**
 * An image as the protocol's clients send it: the SDK turns its image string into
 * `{id, height, width, altText, filename, url}` (wire-protocol.md §2.5); a plain URL string is kept too.
 */
export const ImageIn = Type.Union([
  text(2000),
  Type.Object({
    id: Type.Optional(text(500)),
    url: Type.Optional(text(2000)),
    width: Type.Optional(WireFloat({ minimum: 0 })),
    height: Type.Optional(WireFloat({ minimum: 0 })),
    altText: Type.Optional(text(500)),
    filename: Type.Optional(text(500)),
  }),
]);

/** Merchant and app keys only (shoppers get FIELD_NOT_ALLOWED): overrides of the catalog's data. */
export const CatalogOverrideFieldsIn = Type.Object({
  productName: Type.Optional(Type.Object({ original: Type.String({ minLength: 1, maxLength: 200 }) })),
  price: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Number()])),
  fullPrice: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Number()])),
  descriptionLines: Type.Optional(DescriptionLinesIn),
  physicalProperties: Type.Optional(Type.Object({ weight: Type.Optional(WireFloat({ minimum: 0 })) })),
  image: Type.Optional(ImageIn),
  paymentOption: Type.Optional(
    Type.Object({
      value: Type.Optional(StringEnum(['FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE'] as const)),
    }),
  ),
  depositAmount: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Number()])),
});

export const LineItemIn = Type.Object({
  catalogReference: CatalogReferenceIn,
  quantity: Type.Optional(Quantity),
  serviceProperties: Type.Optional(ServicePropertiesIn),
  catalogOverrideFields: Type.Optional(CatalogOverrideFieldsIn),
});

/**
 * A discount the store grants (merchant and app keys only; shoppers get FIELD_NOT_ALLOWED): an amount
 * off, or a percentage of the items' prices before other discounts; on some lines or all of them.
 */
export const MerchantDiscountIn = Type.Object({
  amount: Type.Optional(AmountIn),
  percentage: Type.Optional(Type.Number({ minimum: 0.01, maximum: 100 })),
  lineItemIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 300 })),
});
export const MerchantDiscountsIn = Type.Array(MerchantDiscountIn, { maxItems: 10 });

export const CustomLineItemIn = Type.Object({
  id: Type.Optional(text(100)),
  quantity: Type.Optional(Quantity),
  price: AmountIn,
  fullPrice: Type.Optional(AmountIn),
  productName: Type.Object({ original: Type.String({ minLength: 1, maxLength: 200 }) }),
  itemType: Type.Optional(Type.Object({ preset: Type.Optional(StringEnum(ITEM_TYPES)) })),
  physicalProperties: Type.Optional(
    Type.Object({ weight: Type.Optional(WireFloat({ minimum: 0 })), sku: Type.Optional(text(40)) }),
  ),
  media: Type.Optional(ImageIn),
  url: Type.Optional(
    Type.Object({ relativePath: Type.Optional(text(2000)), url: Type.Optional(text(2000)) }),
  ),
  descriptionLines: Type.Optional(DescriptionLinesIn),
  quantityAvailable: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999 })),
  paymentOption: Type.Optional(StringEnum(['FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE'] as const)),
  catalogReference: Type.Optional(CustomCatalogReferenceIn),
});

export const LineItemQuantityIn = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  quantity: Quantity,
});

export const UpdateQuantitiesRequest = Type.Object({
  lineItems: Type.Array(LineItemQuantityIn, { minItems: 1, maxItems: 100 }),
});

export const RemoveLineItemsRequest = Type.Object({
  lineItemIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }),
});

export const SelectedShippingOptionIn = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 100 }),
  carrierId: Type.Optional(text(100)),
});

export const SelectedMembershipsIn = Type.Object({
  memberships: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String({ minLength: 1, maxLength: 100 }),
        appId: Type.Optional(text(100)),
        lineItemIds: Type.Optional(Type.Array(text(100), { maxItems: 300 })),
      }),
      { maxItems: 20 },
    ),
  ),
});

// ---- responses ---------------------------------------------------------------------------------

export const MoneyOut = Type.Object({
  amount: Type.String(),
  convertedAmount: Type.String(),
  formattedAmount: Type.String(),
  formattedConvertedAmount: Type.String(),
});

const Translatable = Type.Object({ original: Type.String(), translated: Type.String() });

export const AddressOut = Type.Object({
  country: Type.Optional(Type.String()),
  subdivision: Type.Optional(Type.String()),
  county: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  postalCode: Type.Optional(Type.String()),
  addressLine: Type.Optional(Type.String()),
  addressLine2: Type.Optional(Type.String()),
  streetAddress: Type.Optional(
    Type.Object({
      name: Type.Optional(Type.String()),
      number: Type.Optional(Type.String()),
      apt: Type.Optional(Type.String()),
    }),
  ),
  geocode: Type.Optional(
    Type.Object({ latitude: Type.Optional(WireFloatOut()), longitude: Type.Optional(WireFloatOut()) }),
  ),
  formattedAddress: Type.Optional(Type.String()),
});

export const AddressWithContactOut = Type.Object({
  address: Type.Optional(AddressOut),
  contactDetails: Type.Optional(
    Type.Object({
      firstName: Type.Optional(Type.String()),
      lastName: Type.Optional(Type.String()),
      phone: Type.Optional(Type.String()),
      company: Type.Optional(Type.String()),
      vatId: Type.Optional(Type.Object({ id: Type.String(), type: Type.String() })),
    }),
  ),
});

export const ImageOut = Type.Object({
  url: Type.String(),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  altText: Type.Optional(Type.String()),
});

export const DescriptionLineOut = Type.Object({
  name: Translatable,
  lineType: StringEnum(['PLAIN_TEXT', 'COLOR'] as const),
  plainText: Type.Optional(Translatable),
  colorInfo: Type.Optional(
    Type.Object({ original: Type.String(), translated: Type.String(), code: Type.String() }),
  ),
});

export const SubscriptionOptionInfoOut = Type.Object({
  subscriptionSettings: Type.Object({
    frequency: Type.String(),
    interval: Type.Integer(),
    autoRenewal: Type.Boolean(),
    billingCycles: Type.Optional(Type.Integer()),
    startDate: Type.Optional(DateTimeOut()),
  }),
  title: Translatable,
  description: Type.Optional(Translatable),
});

/** Fields every line item has, in carts, checkouts and orders. */
export const lineItemFields = {
  id: Type.String(),
  quantity: Type.Integer(),
  catalogReference: Type.Optional(
    Type.Object({
      appId: Type.String(),
      catalogItemId: Type.String(),
      options: Type.Optional(Type.Unknown()),
    }),
  ),
  productName: Translatable,
  url: Type.Optional(Type.Object({ relativePath: Type.String(), url: Type.String() })),
  price: MoneyOut,
  fullPrice: MoneyOut,
  priceBeforeDiscounts: MoneyOut,
  lineItemPrice: MoneyOut,
  descriptionLines: Type.Array(DescriptionLineOut),
  availability: Type.Object({
    status: StringEnum(AVAILABILITY_STATUSES),
    quantityAvailable: Type.Optional(Type.Integer()),
  }),
  physicalProperties: Type.Object({
    sku: Type.Optional(Type.String()),
    shippable: Type.Boolean(),
    weight: Type.Optional(WireFloatOut()),
  }),
  itemType: Type.Object({ preset: StringEnum(ITEM_TYPES) }),
  paymentOption: StringEnum(PAYMENT_OPTIONS),
  depositAmount: Type.Optional(MoneyOut),
  customLineItem: Type.Boolean(),
  /** A plan: only a member may buy it, and its quantity stays 1. */
  membersOnly: Type.Optional(Type.Boolean()),
  fixedQuantity: Type.Optional(Type.Boolean()),
  rootCatalogItemId: Type.Optional(Type.String()),
  subscriptionOptionInfo: Type.Optional(SubscriptionOptionInfoOut),
  selectedMembership: Type.Optional(Type.Object({ id: Type.String(), appId: Type.String() })),
  serviceProperties: Type.Optional(
    Type.Object({
      scheduledDate: Type.Optional(DateTimeOut()),
      numberOfParticipants: Type.Optional(Type.Integer()),
    }),
  ),
  catalogOverrideFields: Type.Optional(
    Type.Object({
      productName: Type.Optional(Translatable),
      price: Type.Optional(MoneyOut),
      fullPrice: Type.Optional(MoneyOut),
      descriptionLines: Type.Optional(Type.Array(DescriptionLineOut)),
      physicalProperties: Type.Optional(Type.Object({ weight: Type.Optional(WireFloatOut()) })),
      image: Type.Optional(ImageOut),
      depositAmount: Type.Optional(MoneyOut),
      paymentOption: Type.Optional(Type.Object({ value: Type.String() })),
    }),
  ),
};

export const ViolationOut = Type.Object({
  severity: StringEnum(['WARNING', 'ERROR'] as const),
  target: Type.Object({
    lineItem: Type.Optional(Type.Object({ name: Type.String(), id: Type.String() })),
    other: Type.Optional(Type.Object({ name: Type.String() })),
  }),
  description: Type.String(),
  code: Type.String({
    description: 'Stable reason, e.g. LINE_ITEM_NOT_AVAILABLE (ours; not in the protocol)',
  }),
  suggestedFix: Type.Optional(StringEnum(['REMOVE_LINE_ITEM'] as const)),
});

export const EmptyOut = Type.Object({});
