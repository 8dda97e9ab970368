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
  paymentStatus: 'NOT_PAID' | 'AUTHORIZED' | 'PAID' | 'PARTIALLY_PAID' | 'VOIDED' | 'REFUNDED';
  fulfillmentStatus: 'NOT_FULFILLED' | 'FULFILLED';
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
  /** Paid: captured payments and the gift card part; balance: still due (pay-later, offline, authorized) */
  balanceSummary?: {
    paid: Money;
    balance: Money;
  };
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

/** How to pay: offline, a card, a saved method, or Stripe (a payment method or a confirmed PaymentIntent). */
export interface PaymentMethodInput {
  type: 'OFFLINE' | 'SANDBOX_CARD' | 'SAVED_METHOD' | 'STRIPE';
  card?: {
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
  };
  savedPaymentMethodId?: string;
  /** STRIPE: exactly one of a card collected by Stripe.js (`pm_…`) or a PaymentIntent it confirmed (`pi_…`). */
  stripe?: { paymentMethodId?: string; paymentIntentId?: string };
}

/** A Stripe PaymentIntent for a checkout, for Stripe.js to confirm (`checkout.preparePayment`). */
export interface PreparedPayment {
  paymentIntentId: string;
  clientSecret: string;
}

/** Wire conversions of {@link Order}. @internal */
export const ORDER_WIRE: RevivePaths = {
  dates: [
    'lineItems.downloads.expiresAt',
    'shippingInfo.logistics.deliveryTimeSlot.from',
    'shippingInfo.logistics.deliveryTimeSlot.to',
    'payments.createdDate',
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

/** Wire conversions of {@link SavedPaymentMethod}. @internal */
export const SAVED_PAYMENT_METHOD_WIRE: RevivePaths = {
  dates: ['createdDate'],
  floats: ['expMonth', 'expYear'],
};
