import Type from 'typebox';
import { DateTimeOut, StringEnum, WireFloatOut } from '../../lib/http/wire.js';
import { OffsetPagingSchema, PagingMetadataSchema } from '../../lib/paging.js';
import { PAYMENT_STATUSES } from '../payments/index.js';
import {
  AddressWithContactOut,
  AppliedDiscountOut,
  DescriptionLineOut,
  FiguresOut,
  ImageOut,
  MoneyOut,
  PriceSummaryOut,
  TaxDetailsOut,
} from '../pricing/index.js';
import { FULFILLMENT_STATUSES, ORDER_STATUSES } from './order.types.js';

const Translatable = Type.Object({ original: Type.String(), translated: Type.String() });

export const OrderLineOut = Type.Object({
  id: Type.String(),
  quantity: Type.Integer(),
  productName: Translatable,
  catalogReference: Type.Optional(
    Type.Object({
      appId: Type.String(),
      catalogItemId: Type.String(),
      options: Type.Optional(Type.Unknown()),
    }),
  ),
  itemType: Type.Object({ preset: Type.String() }),
  physicalProperties: Type.Object({
    sku: Type.Optional(Type.String()),
    shippable: Type.Boolean(),
    weight: Type.Optional(WireFloatOut()),
  }),
  image: Type.Optional(ImageOut),
  descriptionLines: Type.Array(DescriptionLineOut),
  price: MoneyOut,
  fullPrice: MoneyOut,
  lineItemPrice: MoneyOut,
  totalDiscount: MoneyOut,
  totalPriceBeforeTax: MoneyOut,
  totalPriceAfterTax: MoneyOut,
  taxDetails: TaxDetailsOut,
  paymentOption: Type.String(),
  lineItemType: StringEnum(['PHYSICAL', 'DIGITAL', 'CUSTOM_AMOUNT_ITEM'] as const, {
    description: 'DIGITAL also for gift cards and services; CUSTOM_AMOUNT_ITEM for custom lines',
  }),
  subscriptionInfo: Type.Optional(
    Type.Object({
      planId: Type.String(),
      title: Type.String(),
      frequency: Type.String(),
      interval: Type.Integer(),
      billingCycles: Type.Integer(),
      startDate: Type.Optional(Type.String({ description: 'ISO 8601, when a later start was chosen' })),
    }),
  ),
  serviceProperties: Type.Optional(
    Type.Object({
      scheduledDate: Type.Optional(Type.String()),
      numberOfParticipants: Type.Optional(Type.Integer()),
    }),
  ),
  downloads: Type.Optional(
    Type.Array(Type.Object({ fileId: Type.String(), url: Type.String(), expiresAt: DateTimeOut() }), {
      description: 'Signed, expiring links to the files of a digital line (paid orders only)',
    }),
  ),
});

export const OrderOut = Type.Object({
  id: Type.String(),
  number: Type.String(),
  checkoutId: Type.String(),
  cartId: Type.Optional(Type.String()),
  status: StringEnum(ORDER_STATUSES),
  paymentStatus: StringEnum(PAYMENT_STATUSES),
  fulfillmentStatus: StringEnum(FULFILLMENT_STATUSES),
  currency: Type.String(),
  channelInfo: Type.Object({ type: Type.String() }),
  buyerInfo: Type.Object({
    email: Type.Optional(Type.String()),
    visitorId: Type.Optional(Type.String()),
    memberId: Type.Optional(Type.String()),
  }),
  buyerNote: Type.Optional(Type.String()),
  lineItems: Type.Array(OrderLineOut),
  priceSummary: PriceSummaryOut,
  figures: FiguresOut,
  appliedDiscounts: Type.Array(AppliedDiscountOut),
  taxSummary: Type.Object({ totalTax: MoneyOut, rateType: Type.String() }),
  payNow: MoneyOut,
  payLater: MoneyOut,
  giftCard: Type.Optional(Type.Object({ obfuscatedCode: Type.String(), amount: MoneyOut })),
  shippingInfo: Type.Optional(
    Type.Object({
      code: Type.Optional(Type.String()),
      title: Type.Optional(Type.String()),
      carrierId: Type.Optional(Type.String()),
      cost: MoneyOut,
      discount: MoneyOut,
      paid: Type.Optional(
        Type.Object(MoneyOut.properties, {
          description:
            'Openshelf: what the buyer paid for delivery, the cost after its discount with its tax (what a refund of shipping gives back)',
        }),
      ),
      deliveryTime: Type.Optional(Type.String()),
      pickupMethod: Type.Optional(Type.String()),
      shippingDestination: Type.Optional(AddressWithContactOut),
      logistics: Type.Optional(
        Type.Object(
          {
            deliveryTime: Type.Optional(Type.String()),
            deliveryTimeSlot: Type.Optional(Type.Object({ from: DateTimeOut(), to: DateTimeOut() })),
          },
          { description: "As the protocol's orders carry it: the chosen delivery time slot" },
        ),
      ),
    }),
  ),
  billingInfo: Type.Optional(AddressWithContactOut),
  customFields: Type.Array(Type.Object({ title: Type.String(), value: Type.Unknown() })),
  payments: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        provider: Type.String(),
        status: Type.String(),
        amount: MoneyOut,
        cardBrand: Type.Optional(Type.String()),
        cardLast4: Type.Optional(Type.String()),
        createdDate: DateTimeOut(),
      }),
    ),
  ),
  balanceSummary: Type.Optional(
    Type.Object(
      { paid: MoneyOut, balance: MoneyOut, refunded: MoneyOut },
      {
        description:
          'Paid: captured payments and the gift card part; balance: still due (pay-later, offline, authorized); refunded: what refunds gave back of it',
      },
    ),
  ),
  activities: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        type: Type.String({
          description:
            'ORDER_PLACED, ORDER_PAID, ORDER_REFUNDED, FULFILLMENT_CREATED, EMAIL_SENT, MERCHANT_COMMENT, …',
        }),
        message: Type.String(),
        merchantComment: Type.Optional(Type.Object({ message: Type.String() })),
        authorId: Type.Optional(Type.String()),
        createdDate: DateTimeOut(),
      }),
      { description: "The order's timeline, oldest first (merchants only)" },
    ),
  ),
  disputes: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String({ description: "The gateway's dispute id (Stripe's `dp_…`)" }),
        amount: MoneyOut,
        reason: Type.String({
          description: 'As the gateway says it, e.g. "fraudulent", "product_not_received"',
        }),
        status: Type.String({
          description: "needs_response, under_review, won, lost, … (Stripe's dispute statuses)",
        }),
        openedDate: DateTimeOut(),
        updatedDate: DateTimeOut(),
      }),
      { description: "Openshelf: the order's payment disputes (chargebacks), latest state (merchants only)" },
    ),
  ),
  paidDate: Type.Optional(DateTimeOut()),
  fulfilledDate: Type.Optional(DateTimeOut()),
  canceledDate: Type.Optional(DateTimeOut()),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});

export const OrderResponse = Type.Object({ order: OrderOut });
export const OrdersResponse = Type.Object({ orders: Type.Array(OrderOut), metadata: PagingMetadataSchema });
export const OrderIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const QueryOrdersRequest = Type.Object({
  query: Type.Optional(
    Type.Object({
      filter: Type.Optional(Type.Unknown()),
      sort: Type.Optional(Type.Unknown()),
      paging: Type.Optional(OffsetPagingSchema),
    }),
  ),
});

export const SearchOrdersQuery = Type.Object({
  ...OffsetPagingSchema.properties,
  search: Type.Optional(Type.String({ maxLength: 100, description: 'Order number or part of the e-mail' })),
  status: Type.Optional(StringEnum(ORDER_STATUSES)),
  paymentStatus: Type.Optional(StringEnum(PAYMENT_STATUSES)),
  fulfillmentStatus: Type.Optional(StringEnum(FULFILLMENT_STATUSES)),
});

export const DownloadParams = Type.Object({
  orderId: Type.String({ minLength: 1, maxLength: 100 }),
  lineItemId: Type.String({ minLength: 1, maxLength: 100 }),
  fileId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const DownloadQuery = Type.Object({
  expires: Type.Integer({ minimum: 0, maximum: 99_999_999_999 }),
  signature: Type.String({ minLength: 1, maxLength: 200 }),
});

export const AddActivityRequest = Type.Object({
  activity: Type.Object({
    merchantComment: Type.Object({ message: Type.String({ maxLength: 2000 }) }),
  }),
});
