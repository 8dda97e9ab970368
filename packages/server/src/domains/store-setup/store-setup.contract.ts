import Type from 'typebox';
import { DateTimeOut, StringEnum, WireDate } from '../../http/wire.js';
import { OffsetPagingSchema, PagingMetadataSchema } from '../../lib/paging.js';
import { AmountIn } from '../checkout/wire/common.contract.js';
import { COUPON_KINDS, COUPON_SCOPES, SHIPPING_RATE_KINDS, TAX_CALCULATIONS } from './store-setup.schema.js';

/*
 * The merchant's store set-up (admin API). Amounts are decimal strings in the store currency ("5.00";
 * numbers are accepted in requests); rates are percentages ("8.875").
 */

const Id = Type.String({ minLength: 1, maxLength: 100 });
const Percent = Type.Union([Type.String({ maxLength: 12 }), Type.Number({ minimum: 0, maximum: 100 })]);
const Country = Type.String({ pattern: '^[A-Za-z]{2}$' });
const Subdivision = Type.String({
  pattern: '^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$',
  description: 'ISO 3166-2, e.g. US-NY',
});
const IdList = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 });
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
  type: StringEnum(['HANDLING_FEE', 'INSURANCE'] as const),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  amount: Type.Optional(AmountIn),
  percentage: Type.Optional(Percent),
});

export const SettingsWrite = Type.Object({
  weightUnit: Type.Optional(StringEnum(['KG', 'LB'] as const)),
  taxCalculation: Type.Optional(StringEnum(TAX_CALCULATIONS)),
  pricesIncludeTax: Type.Optional(Type.Boolean()),
  taxableAddressType: Type.Optional(StringEnum(['BUSINESS', 'BILLING', 'SHIPPING'] as const)),
  businessAddress: Type.Optional(Type.Union([AddressSetup, Type.Null()])),
  checkoutHoldMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_080 })),
  extraCharges: Type.Optional(Type.Array(ExtraCharge, { maxItems: 10 })),
});
export const UpdateSettingsRequest = Type.Object({ settings: SettingsWrite });
export const SettingsResponse = Type.Object({
  settings: Type.Object({
    currency: Type.String(),
    weightUnit: Type.String(),
    taxCalculation: Type.String(),
    pricesIncludeTax: Type.Boolean(),
    taxableAddressType: Type.String(),
    businessAddress: Type.Optional(AddressSetup),
    checkoutHoldMinutes: Type.Integer(),
    extraCharges: Type.Array(
      Type.Object({
        type: Type.String(),
        title: Type.String(),
        amount: Type.Optional(Type.String()),
        percentage: Type.Optional(Type.Number()),
      }),
    ),
    updatedDate: Type.Optional(DateTimeOut()),
  }),
});

export const CouponWrite = Type.Object({
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  kind: Type.Optional(StringEnum(COUPON_KINDS)),
  percentage: Type.Optional(Percent),
  amount: Type.Optional(AmountIn),
  scope: Type.Optional(StringEnum(COUPON_SCOPES)),
  productIds: Type.Optional(IdList),
  collectionIds: Type.Optional(IdList),
  minimumSubtotal: Type.Optional(Type.Union([AmountIn, Type.Null()])),
  startsAt: Type.Optional(Type.Union([WireDate(), Type.Null()])),
  expiresAt: Type.Optional(Type.Union([WireDate(), Type.Null()])),
  usageLimit: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  perCustomerLimit: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  active: Type.Optional(Type.Boolean()),
});
export const CreateCouponRequest = Type.Object({
  coupon: Type.Object({
    ...CouponWrite.properties,
    code: Type.String({ minLength: 1, maxLength: 40 }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    kind: StringEnum(COUPON_KINDS),
  }),
});
export const UpdateCouponRequest = Type.Object({ coupon: CouponWrite });
export const CouponOut = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  percentage: Type.Optional(Type.Number()),
  amount: Type.Optional(Type.String()),
  scope: Type.String(),
  productIds: Type.Array(Type.String()),
  collectionIds: Type.Array(Type.String()),
  minimumSubtotal: Type.Optional(Type.String()),
  startsAt: Type.Optional(DateTimeOut()),
  expiresAt: Type.Optional(DateTimeOut()),
  usageLimit: Type.Optional(Type.Integer()),
  perCustomerLimit: Type.Optional(Type.Integer()),
  uses: Type.Integer(),
  active: Type.Boolean(),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const CouponResponse = Type.Object({ coupon: CouponOut });
export const CouponsResponse = Type.Object({
  coupons: Type.Array(CouponOut),
  metadata: PagingMetadataSchema,
});

export const IssueGiftCardRequest = Type.Object({
  giftCard: Type.Object({
    initialBalance: AmountIn,
    expiresAt: Type.Optional(WireDate()),
    recipientEmail: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    code: Type.Optional(Type.String({ minLength: 8, maxLength: 40, pattern: '^[A-Za-z0-9 -]+$' })),
  }),
});
export const GiftCardOut = Type.Object({
  id: Type.String(),
  obfuscatedCode: Type.String(),
  currency: Type.String(),
  initialBalance: Type.String(),
  balance: Type.String(),
  expiresAt: Type.Optional(DateTimeOut()),
  disabled: Type.Boolean(),
  recipientEmail: Type.Optional(Type.String()),
  sourceOrderId: Type.Optional(Type.String()),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const IssueGiftCardResponse = Type.Object({
  giftCard: GiftCardOut,
  code: Type.String({ description: 'The full code. Shown once: hand it to the recipient now.' }),
});
export const GiftCardResponse = Type.Object({
  giftCard: GiftCardOut,
  transactions: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        kind: Type.String(),
        amount: Type.String(),
        balanceAfter: Type.String(),
        orderId: Type.Optional(Type.String()),
        createdDate: DateTimeOut(),
      }),
    ),
  ),
});
export const GiftCardsResponse = Type.Object({
  giftCards: Type.Array(GiftCardOut),
  metadata: PagingMetadataSchema,
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
  kind: Type.String(),
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

const PickupWrite = Type.Object({
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.-]+$' })),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  method: Type.Optional(StringEnum(['STORE_PICKUP', 'PICKUP_POINT'] as const)),
  address: Type.Optional(AddressSetup),
  instructions: Type.Optional(Type.String({ maxLength: 500 })),
  fee: Type.Optional(AmountIn),
});
export const CreatePickupRequest = Type.Object({
  pickupLocation: Type.Object({
    ...PickupWrite.properties,
    code: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.-]+$' }),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    method: StringEnum(['STORE_PICKUP', 'PICKUP_POINT'] as const),
    address: AddressSetup,
  }),
});
export const UpdatePickupRequest = Type.Object({ pickupLocation: PickupWrite });
export const PickupOut = Type.Object({
  id: Type.String(),
  code: Type.String(),
  title: Type.String(),
  method: Type.String(),
  address: AddressSetup,
  instructions: Type.Optional(Type.String()),
  fee: Type.String(),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const PickupResponse = Type.Object({ pickupLocation: PickupOut });
export const PickupsResponse = Type.Object({ pickupLocations: Type.Array(PickupOut) });

const TaxRateWrite = Type.Object({
  jurisdiction: Type.String({ minLength: 1, maxLength: 100 }),
  jurisdictionType: StringEnum(['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL'] as const),
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
    Type.Object({ jurisdiction: Type.String(), jurisdictionType: Type.String(), rate: Type.Number() }),
  ),
  taxShipping: Type.Boolean(),
  manual: Type.Boolean(),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const TaxRegionResponse = Type.Object({ taxRegion: TaxRegionOut });
export const TaxRegionsResponse = Type.Object({ taxRegions: Type.Array(TaxRegionOut) });

const PlanWrite = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  productIds: Type.Optional(IdList),
  credits: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  durationDays: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 36_500 }), Type.Null()])),
  active: Type.Optional(Type.Boolean()),
});
export const CreatePlanRequest = Type.Object({
  membershipPlan: Type.Object({
    ...PlanWrite.properties,
    name: Type.String({ minLength: 1, maxLength: 100 }),
  }),
});
export const UpdatePlanRequest = Type.Object({ membershipPlan: PlanWrite });
export const PlanOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  productIds: Type.Array(Type.String()),
  credits: Type.Optional(Type.Integer()),
  durationDays: Type.Optional(Type.Integer()),
  active: Type.Boolean(),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const PlanResponse = Type.Object({ membershipPlan: PlanOut });
export const PlansResponse = Type.Object({ membershipPlans: Type.Array(PlanOut) });

export const GrantMembershipRequest = Type.Object({
  membership: Type.Object({
    memberId: Id,
    planId: Id,
    expiresAt: Type.Optional(WireDate()),
    remainingCredits: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
});
export const UpdateMembershipRequest = Type.Object({
  membership: Type.Object({
    expiresAt: Type.Optional(Type.Union([WireDate(), Type.Null()])),
    remainingCredits: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  }),
});
export const MembershipOut = Type.Object({
  id: Type.String(),
  planId: Type.String(),
  planName: Type.String(),
  memberId: Type.String(),
  expiresAt: Type.Optional(DateTimeOut()),
  remainingCredits: Type.Optional(Type.Integer()),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const MembershipResponse = Type.Object({ membership: MembershipOut });
export const MembershipsResponse = Type.Object({ memberships: Type.Array(MembershipOut) });
export const MembershipsQuery = Type.Object({ memberId: Type.Optional(Id) });
