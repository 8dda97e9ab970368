import Type from 'typebox';
import { DateTimeOut } from '../../lib/http/wire.js';
import { PaymentMethodIn } from '../payments/index.js';
import { MoneyOut } from '../pricing/index.js';

/* Plans on sale and buying one (docs/api/cart-checkout-orders.md "Paid plans and preferences"; ADR 028). Our own calls: the public SDK has no plans module we serve. */

export const PublicPlanOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  perks: Type.Array(Type.String(), { description: 'What the plan includes, one short line each' }),
  price: MoneyOut,
  credits: Type.Optional(
    Type.Integer({ description: 'Items a membership can pay for at checkout; absent: unlimited' }),
  ),
  durationDays: Type.Optional(Type.Integer({ description: 'How long a membership lasts; absent: no end' })),
  productIds: Type.Array(Type.String(), { description: 'Products a membership pays for at checkout' }),
  maxPurchasesPerBuyer: Type.Optional(Type.Integer({ description: '1: a member may buy it once' })),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});

export const PublicPlansResponse = Type.Object({ plans: Type.Array(PublicPlanOut) });
export const PublicPlanResponse = Type.Object({ plan: PublicPlanOut });

export const PurchasePlanRequest = Type.Object({
  paymentMethod: Type.Optional(PaymentMethodIn),
  buyerEmail: Type.Optional(
    Type.String({
      format: 'email',
      maxLength: 254,
      description: "Where the order e-mail goes; default: the member's login e-mail",
    }),
  ),
  idempotencyKey: Type.Optional(
    Type.String({
      minLength: 8,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'The same key again returns the first purchase instead of buying twice',
    }),
  ),
});

export const PurchasePlanResponse = Type.Object({
  orderId: Type.String(),
  planOrderId: Type.String({ description: 'The same id: a plan order is an order' }),
  paymentStatus: Type.String(),
  membershipId: Type.Optional(
    Type.String({ description: 'Granted once the order is paid (absent while it waits for payment)' }),
  ),
});

export const MyMembershipOut = Type.Object({
  id: Type.String(),
  planId: Type.String(),
  planName: Type.String(),
  orderId: Type.Optional(Type.String()),
  expiresAt: Type.Optional(DateTimeOut()),
  remainingCredits: Type.Optional(Type.Integer({ description: 'Absent: unlimited' })),
  createdDate: DateTimeOut(),
});
export const MyMembershipsResponse = Type.Object({ memberships: Type.Array(MyMembershipOut) });
