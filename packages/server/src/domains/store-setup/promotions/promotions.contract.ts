import Type from 'typebox';
import { AmountIn, DateTimeOut, StringEnum, WireDate } from '../../../lib/http/wire.js';
import { PagingMetadataSchema } from '../../../lib/paging.js';
import { Id, IdList, Percent } from '../store-setup.contract.js';
import { COUPON_KINDS, COUPON_SCOPES } from '../store-setup.schema.js';

/* Coupons, gift cards and memberships (admin API); amounts and rates as in store-setup.contract.ts. */

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
  // Integer columns: a larger number would fail in the database instead of here.
  usageLimit: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()])),
  perCustomerLimit: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()]),
  ),
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
  kind: StringEnum(COUPON_KINDS),
  percentage: Type.Optional(Type.Number()),
  amount: Type.Optional(Type.String()),
  scope: StringEnum(COUPON_SCOPES),
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
  obfuscatedCode: Type.String({
    description: '`••••ABCD`: the full code is only in the reply that issued the card',
  }),
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

const PlanWrite = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  perks: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      maxItems: 20,
      description: 'What the plan includes, one short line each',
    }),
  ),
  /** What buying the plan costs, in STORE_CURRENCY; "0" for a free plan. */
  price: Type.Optional(AmountIn),
  maxPurchasesPerBuyer: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 1 }), Type.Null()], {
      description: '1: a member may buy the plan once; null: any number of times (as the platform allows)',
    }),
  ),
  productIds: Type.Optional(IdList),
  credits: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()])),
  durationDays: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 36_500 }), Type.Null()])),
  chargedOffline: Type.Optional(
    Type.Boolean({
      description:
        'MEMBERSHIP_OFFLINE: lines it pays are redeemed by hand (lower the credits); orders do not use its credits',
    }),
  ),
  buyerCanCancel: Type.Optional(
    Type.Boolean({
      description:
        'A member may cancel their own order of the plan: the membership ends at once, nothing is refunded (default false)',
    }),
  ),
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
  description: Type.String(),
  perks: Type.Array(Type.String(), { description: 'What the plan includes, one short line each' }),
  price: Type.String({ description: 'Decimal amount in STORE_CURRENCY ("0.00": free)' }),
  maxPurchasesPerBuyer: Type.Optional(
    Type.Integer({ description: '1: a member may buy the plan once; absent: any number of times' }),
  ),
  productIds: Type.Array(Type.String()),
  credits: Type.Optional(Type.Integer()),
  durationDays: Type.Optional(Type.Integer()),
  chargedOffline: Type.Boolean(),
  buyerCanCancel: Type.Boolean(),
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
    remainingCredits: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  }),
});
export const UpdateMembershipRequest = Type.Object({
  membership: Type.Object({
    expiresAt: Type.Optional(Type.Union([WireDate(), Type.Null()])),
    remainingCredits: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()]),
    ),
  }),
});
export const MembershipOut = Type.Object({
  id: Type.String(),
  planId: Type.String(),
  planName: Type.String(),
  memberId: Type.String(),
  orderId: Type.Optional(Type.String({ description: 'The plan order that gave it, when bought' })),
  expiresAt: Type.Optional(DateTimeOut()),
  remainingCredits: Type.Optional(Type.Integer()),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export const MembershipResponse = Type.Object({ membership: MembershipOut });
export const MembershipsResponse = Type.Object({ memberships: Type.Array(MembershipOut) });
export const MembershipsQuery = Type.Object({ memberId: Type.Optional(Id) });
