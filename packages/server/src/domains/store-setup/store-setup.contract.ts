import Type from 'typebox';
import { AmountIn, DateTimeOut, StringEnum, WireDate } from '../../lib/http/wire.js';
import { OffsetPagingSchema } from '../../lib/paging.js';
import { CARD_CAPTURES, SHIPPING_RATE_KINDS, TAX_CALCULATIONS } from './store-setup.schema.js';

/*
 * The merchant's store set-up (admin API). Amounts are decimal strings in the store currency ("5.00";
 * numbers are accepted in requests); rates are percentages ("8.875").
 */

export const Id = Type.String({ minLength: 1, maxLength: 100 });
export const Percent = Type.Union([
  Type.String({ maxLength: 12 }),
  Type.Number({ minimum: 0, maximum: 100 }),
]);
export const Country = Type.String({ pattern: '^[A-Za-z]{2}$' });
export const Subdivision = Type.String({
  pattern: '^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$',
  description: 'ISO 3166-2, e.g. US-NY',
});
/* One schema per closed set, for requests and replies alike. */
const WeightUnitEnum = StringEnum(['KG', 'LB'] as const);
const TaxableAddressEnum = StringEnum(['BUSINESS', 'BILLING', 'SHIPPING'] as const);
const ChargeTypeEnum = StringEnum(['HANDLING_FEE', 'INSURANCE'] as const);
const PickupMethodEnum = StringEnum(['STORE_PICKUP', 'PICKUP_POINT'] as const);
const JurisdictionTypeEnum = StringEnum(['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL'] as const);
const CardCaptureEnum = StringEnum(CARD_CAPTURES, {
  description:
    'Card payments: AUTOMATIC charges at checkout; MANUAL only authorizes, the merchant captures or voids',
});

export const IdList = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 });
export const IdParams = Type.Object({ id: Id });
export const ListQuery = Type.Object({
  ...OffsetPagingSchema.properties,
  code: Type.Optional(Type.String({ maxLength: 40 })),
});
export const EmptyResponse = Type.Object({});

const AddressSetup = Type.Object({
  country: Type.Optional(Country),
  subdivision: Type.Optional(Type.String({ maxLength: 10 })),
  county: Type.Optional(Type.String({ maxLength: 100 })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
  postalCode: Type.Optional(Type.String({ maxLength: 20 })),
  addressLine: Type.Optional(Type.String({ maxLength: 200 })),
  addressLine2: Type.Optional(Type.String({ maxLength: 200 })),
});

const ExtraCharge = Type.Object({
  type: ChargeTypeEnum,
  title: Type.String({ minLength: 1, maxLength: 100 }),
  amount: Type.Optional(AmountIn),
  percentage: Type.Optional(Percent),
});

export const SettingsWrite = Type.Object({
  weightUnit: Type.Optional(WeightUnitEnum),
  taxCalculation: Type.Optional(StringEnum(TAX_CALCULATIONS)),
  pricesIncludeTax: Type.Optional(Type.Boolean()),
  taxableAddressType: Type.Optional(TaxableAddressEnum),
  businessAddress: Type.Optional(Type.Union([AddressSetup, Type.Null()])),
  checkoutHoldMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_080 })),
  extraCharges: Type.Optional(Type.Array(ExtraCharge, { maxItems: 10 })),
  cardCapture: Type.Optional(CardCaptureEnum),
  storeName: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: 80 }), Type.Null()], {
      description: 'Shown in the shop, page titles and e-mails; null: STORE_NAME from the environment',
    }),
  ),
  contactEmail: Type.Optional(
    Type.Union([Type.String({ minLength: 3, maxLength: 254 }), Type.Null()], {
      description: "Where shoppers' replies to the store's e-mails go (Reply-To); null: none",
    }),
  ),
  logoMediaId: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], {
      description: 'A public image of the media library (upload it first); null: no logo',
    }),
  ),
});
export const UpdateSettingsRequest = Type.Object({ settings: SettingsWrite });
export const SettingsResponse = Type.Object({
  settings: Type.Object({
    currency: Type.String(),
    weightUnit: WeightUnitEnum,
    taxCalculation: StringEnum(TAX_CALCULATIONS),
    pricesIncludeTax: Type.Boolean(),
    taxableAddressType: TaxableAddressEnum,
    businessAddress: Type.Optional(AddressSetup),
    checkoutHoldMinutes: Type.Integer(),
    extraCharges: Type.Array(
      Type.Object({
        type: ChargeTypeEnum,
        title: Type.String(),
        amount: Type.Optional(Type.String()),
        percentage: Type.Optional(Type.Number()),
      }),
    ),
    cardCapture: CardCaptureEnum,
    updatedDate: Type.Optional(DateTimeOut()),
    storeName: Type.String({ description: "Shown in the shop's header, page titles and e-mails" }),
    storeNameSet: Type.Boolean({ description: 'false: the name is STORE_NAME from the environment' }),
    contactEmail: Type.Optional(
      Type.String({ description: "Where shoppers' replies to the store's e-mails go (Reply-To)" }),
    ),
    logo: Type.Optional(
      Type.Object(
        {
          mediaId: Type.String(),
          url: Type.String({ description: 'Absolute URL' }),
          width: Type.Optional(Type.Integer()),
          height: Type.Optional(Type.Integer()),
        },
        { description: 'A public image of the media library' },
      ),
    ),
  }),
});

const DeliverySlot = Type.Object({ from: WireDate(), to: WireDate() });
const RateWrite = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.-]+$' }),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  kind: StringEnum(SHIPPING_RATE_KINDS),
  amount: AmountIn,
  perWeightUnit: Type.Optional(AmountIn),
  freeOverSubtotal: Type.Optional(AmountIn),
  carrierId: Type.Optional(Type.String({ maxLength: 60 })),
  minDeliveryDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  maxDeliveryDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  deliveryTimeSlots: Type.Optional(Type.Array(DeliverySlot, { maxItems: 50 })),
});
const RegionWrite = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  destinations: Type.Optional(Type.Array(Type.String({ maxLength: 10 }), { minItems: 1, maxItems: 300 })),
  rates: Type.Optional(Type.Array(RateWrite, { maxItems: 20 })),
});
export const CreateRegionRequest = Type.Object({
  shippingRegion: Type.Object({
    ...RegionWrite.properties,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    destinations: Type.Array(Type.String({ maxLength: 10 }), { minItems: 1, maxItems: 300 }),
  }),
});
export const UpdateRegionRequest = Type.Object({ shippingRegion: RegionWrite });
const RateOut = Type.Object({
  code: Type.String(),
  title: Type.String(),
  kind: StringEnum(SHIPPING_RATE_KINDS),
  amount: Type.String(),
  perWeightUnit: Type.Optional(Type.String()),
  freeOverSubtotal: Type.Optional(Type.String()),
  carrierId: Type.Optional(Type.String()),
  minDeliveryDays: Type.Optional(Type.Integer()),
  maxDeliveryDays: Type.Optional(Type.Integer()),
  deliveryTimeSlots: Type.Optional(Type.Array(Type.Object({ from: Type.String(), to: Type.String() }))),
});
export const RegionOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  destinations: Type.Array(Type.String()),
  rates: Type.Array(RateOut),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const RegionResponse = Type.Object({ shippingRegion: RegionOut });
export const RegionsResponse = Type.Object({ shippingRegions: Type.Array(RegionOut) });

/** A pickup location stands somewhere: its country is what it is offered and taxed by (ADR 047). */
const PickupAddress = Type.Object({ ...AddressSetup.properties, country: Country });
const PickupDestination = Type.String({
  pattern: '^(\\*|[A-Za-z]{2}(-[A-Za-z0-9]{1,3})?)$',
  description: 'A country ("US"), a subdivision ("US-NY") or "*" for everyone',
});
const PickupWrite = Type.Object({
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.-]+$' })),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  method: Type.Optional(PickupMethodEnum),
  address: Type.Optional(PickupAddress),
  instructions: Type.Optional(Type.String({ maxLength: 500 })),
  fee: Type.Optional(AmountIn),
  offeredTo: Type.Optional(
    Type.Array(PickupDestination, {
      maxItems: 300,
      description:
        "Whose checkout offers this pickup: buyers with an address in one of these destinations. Empty or absent: buyers in the location's own country.",
    }),
  ),
});
export const CreatePickupRequest = Type.Object({
  pickupLocation: Type.Object({
    ...PickupWrite.properties,
    code: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.-]+$' }),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    method: PickupMethodEnum,
    address: PickupAddress,
  }),
});
export const UpdatePickupRequest = Type.Object({ pickupLocation: PickupWrite });
export const PickupOut = Type.Object({
  id: Type.String(),
  code: Type.String(),
  title: Type.String(),
  method: PickupMethodEnum,
  address: AddressSetup,
  instructions: Type.Optional(Type.String()),
  fee: Type.String(),
  /** Empty: offered to buyers in the location's own country. */
  offeredTo: Type.Array(Type.String()),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const PickupResponse = Type.Object({ pickupLocation: PickupOut });
export const PickupsResponse = Type.Object({ pickupLocations: Type.Array(PickupOut) });

const TaxRateWrite = Type.Object({
  jurisdiction: Type.String({ minLength: 1, maxLength: 100 }),
  jurisdictionType: JurisdictionTypeEnum,
  rate: Percent,
});
const TaxRegionWrite = Type.Object({
  country: Type.Optional(Country),
  subdivision: Type.Optional(Type.Union([Subdivision, Type.Null()])),
  county: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  city: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  rates: Type.Optional(Type.Array(TaxRateWrite, { maxItems: 10 })),
  taxShipping: Type.Optional(Type.Boolean()),
  manual: Type.Optional(Type.Boolean()),
});
export const CreateTaxRegionRequest = Type.Object({
  taxRegion: Type.Object({ ...TaxRegionWrite.properties, country: Country }),
});
export const UpdateTaxRegionRequest = Type.Object({ taxRegion: TaxRegionWrite });
export const TaxRegionOut = Type.Object({
  id: Type.String(),
  country: Type.String(),
  subdivision: Type.Optional(Type.String()),
  county: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  rates: Type.Array(
    Type.Object({ jurisdiction: Type.String(), jurisdictionType: JurisdictionTypeEnum, rate: Type.Number() }),
  ),
  taxShipping: Type.Boolean(),
  manual: Type.Boolean(),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const TaxRegionResponse = Type.Object({ taxRegion: TaxRegionOut });
export const TaxRegionsResponse = Type.Object({ taxRegions: Type.Array(TaxRegionOut) });
