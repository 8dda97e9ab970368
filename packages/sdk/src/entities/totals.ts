// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* A totals calculation: summaries, taxes, discounts, shipping, memberships, gift cards, fees. */

import type { Address, Money } from './common.js';

/** Totals of a cart estimate, checkout or order. */
export interface PriceSummary {
  subtotal: Money;
  shipping: Money;
  tax: Money;
  discount: Money;
  total: Money;
  additionalFees: Money;
}

/** Tax of a line or of shipping. */
export interface TaxDetails {
  taxableAmount: Money;
  /** Decimal rate, "0.08875" */
  taxRate: string;
  totalTax: Money;
  rateBreakdown: {
    name: string;
    rate: string;
    tax: Money;
  }[];
  taxBreakdown: {
    jurisdiction: string;
    jurisdictionType: string;
    rate: string;
    taxAmount: Money;
    taxableAmount: Money;
    taxName: string;
  }[];
}

/** The prices of one line after the totals calculation. */
export interface PricesBreakdown {
  totalPriceAfterTax: Money;
  totalPriceBeforeTax: Money;
  taxDetails: TaxDetails;
  totalDiscount: Money;
  price: Money;
  priceBeforeDiscounts: Money;
  lineItemPrice: Money;
  fullPrice: Money;
}

/** One line as the totals calculation priced it. */
export interface CalculatedLineItem {
  lineItemId: string;
  pricesBreakdown: PricesBreakdown;
  paymentOption:
    | 'FULL_PAYMENT_ONLINE'
    | 'FULL_PAYMENT_OFFLINE'
    | 'MEMBERSHIP'
    | 'DEPOSIT_ONLINE'
    | 'MEMBERSHIP_OFFLINE';
}

/** A coupon or merchant discount that applies. */
export interface AppliedDiscount {
  discountType: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  coupon?: {
    id: string;
    code: string;
    amount: Money;
    name: string;
  };
  merchantDiscount?: {
    amount: Money;
    percentage?: number;
  };
  lineItemIds: string[];
}

/** A shipping or pickup option the buyer can choose. */
export interface ShippingOption {
  code: string;
  title: string;
  logistics: {
    deliveryTime?: string;
    instructions?: string;
    pickupDetails?: {
      address: Address;
      pickupMethod: string;
      businessLocation: boolean;
    };
    deliveryTimeSlot?: {
      from: Date;
      to: Date;
    };
  };
  cost: {
    price: Money;
    otherCharges: {
      type: string;
      details: string;
      price: Money;
    }[];
  };
}

/** The chosen shipping option. */
export interface SelectedCarrierServiceOption {
  code: string;
  title: string;
  carrierId: string;
  logistics: {
    deliveryTime?: string;
    instructions?: string;
    pickupDetails?: {
      address: Address;
      pickupMethod: string;
      businessLocation: boolean;
    };
    deliveryTimeSlot?: {
      from: Date;
      to: Date;
    };
  };
  cost: {
    totalPriceAfterTax: Money;
    totalPriceBeforeTax: Money;
    totalDiscount: Money;
    price: Money;
    taxDetails: TaxDetails;
  };
  requestedShippingOption: boolean;
  otherCharges: {
    type: string;
    details: string;
    cost: {
      price: Money;
    };
  }[];
}

/** Shipping options and the chosen one. */
export interface ShippingInfo {
  region?: {
    id: string;
    name: string;
  };
  selectedCarrierServiceOption?: SelectedCarrierServiceOption;
  carrierServiceOptions: {
    carrierId: string;
    shippingOptions: ShippingOption[];
  }[];
}

/** Tax totals and how they were calculated. */
export interface TaxSummary {
  taxableAmount: Money;
  totalTax: Money;
  calculationDetails: {
    rateType: string;
    manualRateReason?: string;
    autoTaxFallbackDetails?: {
      fallbackReason: string;
    };
  };
}

/** Why part of a totals calculation could not be done. */
export interface CalculationErrors {
  generalShippingCalculationError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  selectedShippingOptionError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  taxCalculationError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  couponCalculationError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  giftCardCalculationError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  membershipError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  orderValidationErrors?: {
    code: string;
    description: string;
  }[];
}

/** Memberships that can pay for lines. */
export interface MembershipOptions {
  eligibleMemberships: {
    id: string;
    appId: string;
    name: {
      original: string;
      translated: string;
    };
    lineItemIds: string[];
    expirationDate?: Date;
  }[];
  invalidMemberships: {
    membership: {
      id: string;
      appId: string;
      name: {
        original: string;
        translated: string;
      };
      lineItemIds: string[];
      expirationDate?: Date;
    };
    reason: string;
  }[];
  selectedMemberships: {
    id: string;
    appId: string;
    lineItemIds: string[];
  }[];
}

/** A gift card applied to a checkout (its code obfuscated). */
export interface AppliedGiftCard {
  id: string;
  obfuscatedCode: string;
  amount: Money;
  appId: string;
}

/** A handling fee, insurance or other extra charge. */
export interface AdditionalFee {
  code: string;
  name: string;
  price: Money;
  priceBeforeTax: Money;
  priceAfterTax: Money;
  source: string;
}

/** A shipping option chosen by code. */
export interface SelectedShippingOptionInput {
  code: string;
  carrierId?: string;
}

/** Memberships chosen to pay for lines. */
export interface SelectedMembershipsInput {
  memberships?: {
    id: string;
    appId?: string;
    lineItemIds?: string[];
  }[];
}
