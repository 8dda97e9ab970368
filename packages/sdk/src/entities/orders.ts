// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Orders, subscriptions and how they are paid. */

import type { RevivePaths } from '../wire.js';
import type { AddressWithContact, DescriptionLine, Image, Money } from './common.js';
import type { AppliedDiscount, PriceSummary, TaxDetails } from './totals.js';

/** The order a checkout became. */
export interface CreateOrderResult {
  orderId: string;
  subscriptionId?: string;
  paymentGatewayOrderId?: string;
}

/** A line of an order (with download links for paid digital lines). */
export interface OrderLineItem {
  id: string;
  quantity: number;
  productName: {
    original: string;
    translated: string;
  };
  catalogReference?: {
    appId: string;
    catalogItemId: string;
    options?: unknown;
  };
  itemType: {
    preset: string;
  };
  physicalProperties: {
    sku?: string;
    shippable: boolean;
    weight?: number;
  };
  image?: Image;
  descriptionLines: DescriptionLine[];
  price: Money;
  fullPrice: Money;
  lineItemPrice: Money;
  totalDiscount: Money;
  totalPriceBeforeTax: Money;
  totalPriceAfterTax: Money;
  taxDetails: TaxDetails;
  paymentOption: string;
  /** DIGITAL also for gift cards and services; CUSTOM_AMOUNT_ITEM for custom lines */
  lineItemType: 'PHYSICAL' | 'DIGITAL' | 'CUSTOM_AMOUNT_ITEM';
  subscriptionInfo?: {
    planId: string;
    title: string;
    frequency: string;
    interval: number;
    billingCycles: number;
    /** ISO 8601, when a later start was chosen */
    startDate?: string;
  };
  serviceProperties?: {
    scheduledDate?: string;
    numberOfParticipants?: number;
  };
  /** Signed, expiring links to the files of a digital line (paid orders only) */
  downloads?: {
    fileId: string;
    url: string;
    expiresAt: Date;
  }[];
}

/** An order. */
export interface Order {
  id: string;
  number: string;
  checkoutId: string;
  cartId?: string;
  status: 'APPROVED' | 'CANCELED';
  paymentStatus:
    | 'NOT_PAID'
    | 'AUTHORIZED'
    | 'PAID'
    | 'PARTIALLY_PAID'
    | 'VOIDED'
    | 'REFUNDED'
    | 'PARTIALLY_REFUNDED'
    | 'FULLY_REFUNDED';
  fulfillmentStatus: 'NOT_FULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED';
  currency: string;
  channelInfo: {
    type: string;
  };
  buyerInfo: {
    email?: string;
    visitorId?: string;
    memberId?: string;
  };
  buyerNote?: string;
  lineItems: OrderLineItem[];
  priceSummary: PriceSummary;
  /** Openshelf: the money rows every surface prints (subtotal, each discount, shipping, fees, tax, total, gift card, due now and later; orders: paid by each method, still due, refunded, net). Signed: what is taken off is negative. */
  figures: {
    kind:
      | 'SUBTOTAL'
      | 'DISCOUNT'
      | 'SHIPPING'
      | 'FEES'
      | 'TAX'
      | 'TOTAL'
      | 'GIFT_CARD'
      | 'DUE_NOW'
      | 'DUE_LATER'
      | 'PAID'
      | 'BALANCE'
      | 'REFUNDED'
      | 'NET';
    /** What the row is, in words: "Coupon SAVE10", "Gift card ••••ABCD" */
    label: string;
    amount: Money;
  }[];
  appliedDiscounts: AppliedDiscount[];
  taxSummary: {
    totalTax: Money;
    rateType: string;
  };
  payNow: Money;
  payLater: Money;
  giftCard?: {
    obfuscatedCode: string;
    amount: Money;
  };
  shippingInfo?: {
    code?: string;
    title?: string;
    carrierId?: string;
    cost: Money;
    discount: Money;
    /** Openshelf: what the buyer paid for delivery, the cost after its discount with its tax (what a refund of shipping gives back) */
    paid?: {
      amount: string;
      convertedAmount: string;
      formattedAmount: string;
      formattedConvertedAmount: string;
    };
    deliveryTime?: string;
    pickupMethod?: string;
    shippingDestination?: AddressWithContact;
    /** As the protocol's orders carry it: the chosen delivery time slot */
    logistics?: {
      deliveryTime?: string;
      deliveryTimeSlot?: {
        from: Date;
        to: Date;
      };
    };
  };
  billingInfo?: AddressWithContact;
  customFields: {
    title: string;
    value: unknown;
  }[];
  payments?: {
    id: string;
    provider: string;
    status: string;
    amount: Money;
    cardBrand?: string;
    cardLast4?: string;
    createdDate: Date;
  }[];
  /** Paid: captured payments and the gift card part; balance: still due (pay-later, offline, authorized); refunded: what refunds gave back of it */
  balanceSummary?: {
    paid: Money;
    balance: Money;
    refunded: Money;
  };
  /** The order's timeline, oldest first (merchants only) */
  activities?: {
    id: string;
    /** ORDER_PLACED, ORDER_PAID, ORDER_REFUNDED, FULFILLMENT_CREATED, EMAIL_SENT, MERCHANT_COMMENT, … */
    type: string;
    message: string;
    merchantComment?: {
      message: string;
    };
    authorId?: string;
    createdDate: Date;
  }[];
  /** Openshelf: the order's payment disputes (chargebacks), latest state (merchants only) */
  disputes?: {
    /** The gateway's dispute id (Stripe's `dp_…`) */
    id: string;
    amount: Money;
    /** As the gateway says it, e.g. "fraudulent", "product_not_received" */
    reason: string;
    /** needs_response, under_review, won, lost, … (Stripe's dispute statuses) */
    status: string;
    openedDate: Date;
    updatedDate: Date;
  }[];
  paidDate?: Date;
  fulfilledDate?: Date;
  canceledDate?: Date;
  createdDate: Date;
  updatedDate: Date;
}

/** A buyer's subscription to a plan. */
export interface Subscription {
  id: string;
  orderId: string;
  lineItemId: string;
  status: 'ACTIVE' | 'CANCELED' | 'ENDED';
  planId: string;
  title: string;
  frequency: string;
  interval: number;
  /** 0: until cancelled */
  billingCycles: number;
  cyclesBilled: number;
  price: Money;
  startDate: Date;
  nextBillingDate?: Date;
  canceledDate?: Date;
}

/** A shipment of order lines, with its tracking. */
export interface Fulfillment {
  id: string;
  createdDate: Date;
  updatedDate: Date;
  lineItems: {
    id: string;
    quantity: number;
  }[];
  trackingInfo?: {
    trackingNumber?: string;
    /** The carrier, e.g. "DHL" */
    shippingProvider?: string;
    /** An https:// address */
    trackingLink?: string;
  };
}

/** An order's payments, refunds and what is left to refund. */
export interface OrderTransactions {
  orderId: string;
  payments: {
    id: string;
    provider: string;
    status: string;
    amount: Money;
    refundedAmount: Money;
    cardBrand?: string;
    cardLast4?: string;
    /** Openshelf: how it was paid, in words: "Visa ••••4242", "offline payment", "card" */
    method: string;
    createdDate: Date;
  }[];
  refunds: {
    id: string;
    orderId: string;
    amount: Money;
    giftCardAmount: Money;
    transactions: {
      paymentId: string;
      amount: Money;
      refundStatus: 'SUCCEEDED';
      /** True for an offline payment the merchant gives back */
      externalRefund: boolean;
    }[];
    details: {
      items: {
        lineItemId: string;
        quantity: number;
        amount: Money;
      }[];
      shippingIncluded: boolean;
      shippingAmount: Money;
      reason?: string;
    };
    restockedItems: {
      lineItemId: string;
      quantity: number;
    }[];
    createdDate: Date;
  }[];
  /** What can still be refunded: money, shipping, and units per line */
  refundable: {
    amount: Money;
    shipping: Money;
    lineItems: {
      lineItemId: string;
      quantity: number;
    }[];
  };
}

/** A refund: lines, shipping or an amount, restocking. */
export interface RefundPaymentsRequest {
  orderId: string;
  /** Openshelf: check and compute the refund only; nothing is refunded or recorded */
  dryRun?: boolean;
  paymentRefunds?: {
    amount: string | number;
  }[];
  details?: {
    items?: {
      lineItemId: string;
      quantity: number;
    }[];
    shippingIncluded?: boolean;
    reason?: string;
  };
  sideEffects?: {
    restockInfo?: {
      type: 'NO_ITEMS' | 'ALL_ITEMS' | 'SOME_ITEMS';
      items?: {
        lineItemId: string;
        quantity: number;
      }[];
    };
    /** Default true */
    sendOrderRefundedEmail?: boolean;
  };
}

/** A shipment to create. */
export interface CreateFulfillmentRequest {
  fulfillment: {
    lineItems: {
      /** The order line */
      id: string;
      quantity: number;
    }[];
    trackingInfo?: {
      trackingNumber?: string;
      /** The carrier, e.g. "DHL" */
      shippingProvider?: string;
      /** An https:// address */
      trackingLink?: string;
    };
  };
}

/** A shipment's new lines or tracking. */
export interface UpdateFulfillmentRequest {
  fulfillment: {
    lineItems?: {
      /** The order line */
      id: string;
      quantity: number;
    }[];
    trackingInfo?: {
      trackingNumber?: string;
      /** The carrier, e.g. "DHL" */
      shippingProvider?: string;
      /** An https:// address */
      trackingLink?: string;
    };
  };
}

/** A member's saved card (never the token). */
export interface SavedPaymentMethod {
  id: string;
  provider: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  createdDate: Date;
}

/** How to pay for the order. */
export interface CreateOrderOptions {
  savePaymentMethod?: boolean;
  delayCapture?: boolean;
  paymentMethod?: PaymentMethodInput;
}

/** How to pay: offline, a card, or a saved method. */
export interface PaymentMethodInput {
  type: 'OFFLINE' | 'SANDBOX_CARD' | 'SAVED_METHOD' | 'STRIPE';
  card?: {
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
  };
  savedPaymentMethodId?: string;
  stripe?: {
    paymentMethodId?: string;
    paymentIntentId?: string;
  };
}

/** Wire conversions of {@link Order}. @internal */
export const ORDER_WIRE: RevivePaths = {
  dates: [
    'lineItems.downloads.expiresAt',
    'shippingInfo.logistics.deliveryTimeSlot.from',
    'shippingInfo.logistics.deliveryTimeSlot.to',
    'payments.createdDate',
    'activities.createdDate',
    'disputes.openedDate',
    'disputes.updatedDate',
    'paidDate',
    'fulfilledDate',
    'canceledDate',
    'createdDate',
    'updatedDate',
  ],
  floats: [
    'lineItems.quantity',
    'lineItems.physicalProperties.weight',
    'lineItems.image.width',
    'lineItems.image.height',
    'lineItems.subscriptionInfo.interval',
    'lineItems.subscriptionInfo.billingCycles',
    'lineItems.serviceProperties.numberOfParticipants',
    'appliedDiscounts.merchantDiscount.percentage',
    'shippingInfo.shippingDestination.address.geocode.latitude',
    'shippingInfo.shippingDestination.address.geocode.longitude',
    'billingInfo.address.geocode.latitude',
    'billingInfo.address.geocode.longitude',
  ],
};

/** Wire conversions of {@link Subscription}. @internal */
export const SUBSCRIPTION_WIRE: RevivePaths = {
  dates: ['startDate', 'nextBillingDate', 'canceledDate'],
  floats: ['interval', 'billingCycles', 'cyclesBilled'],
};

/** Wire conversions of {@link Fulfillment}. @internal */
export const FULFILLMENT_WIRE: RevivePaths = {
  dates: ['createdDate', 'updatedDate'],
  floats: ['lineItems.quantity'],
};

/** Wire conversions of {@link OrderTransactions}. @internal */
export const ORDER_TRANSACTIONS_WIRE: RevivePaths = {
  dates: ['payments.createdDate', 'refunds.createdDate'],
  floats: [
    'refunds.details.items.quantity',
    'refunds.restockedItems.quantity',
    'refundable.lineItems.quantity',
  ],
};

/** Wire conversions of {@link SavedPaymentMethod}. @internal */
export const SAVED_PAYMENT_METHOD_WIRE: RevivePaths = {
  dates: ['createdDate'],
  floats: ['expMonth', 'expYear'],
};
