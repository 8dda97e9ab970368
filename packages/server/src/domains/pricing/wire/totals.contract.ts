import Type from 'typebox';
import { DateTimeOut, StringEnum, WireFloatOut } from '../../../lib/http/wire.js';
import { PAYMENT_OPTIONS } from '../totals/totals.types.js';
import { AddressOut, MoneyOut, ViolationOut } from './common.contract.js';

/* Wire shapes of the totals engine's output (estimate-totals, checkouts, orders). */

export const PriceSummaryOut = Type.Object({
  subtotal: MoneyOut,
  shipping: MoneyOut,
  tax: MoneyOut,
  discount: MoneyOut,
  total: MoneyOut,
  additionalFees: MoneyOut,
});

const RateBreakdownOut = Type.Object({ name: Type.String(), rate: Type.String(), tax: MoneyOut });
const TaxBreakdownOut = Type.Object({
  jurisdiction: Type.String(),
  jurisdictionType: Type.String(),
  rate: Type.String(),
  taxAmount: MoneyOut,
  taxableAmount: MoneyOut,
  taxName: Type.String(),
});

export const TaxDetailsOut = Type.Object({
  taxableAmount: MoneyOut,
  taxRate: Type.String({ description: 'Decimal rate, "0.08875"' }),
  totalTax: MoneyOut,
  rateBreakdown: Type.Array(RateBreakdownOut),
  taxBreakdown: Type.Array(TaxBreakdownOut),
});

export const PricesBreakdownOut = Type.Object({
  totalPriceAfterTax: MoneyOut,
  totalPriceBeforeTax: MoneyOut,
  taxDetails: TaxDetailsOut,
  totalDiscount: MoneyOut,
  price: MoneyOut,
  priceBeforeDiscounts: MoneyOut,
  lineItemPrice: MoneyOut,
  fullPrice: MoneyOut,
});

export const CalculatedLineItemOut = Type.Object({
  lineItemId: Type.String(),
  pricesBreakdown: PricesBreakdownOut,
  paymentOption: StringEnum(PAYMENT_OPTIONS),
});

export const AppliedDiscountOut = Type.Object({
  discountType: StringEnum(['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING'] as const),
  coupon: Type.Optional(
    Type.Object({ id: Type.String(), code: Type.String(), amount: MoneyOut, name: Type.String() }),
  ),
  merchantDiscount: Type.Optional(
    Type.Object({ amount: MoneyOut, percentage: Type.Optional(WireFloatOut()) }),
  ),
  lineItemIds: Type.Array(Type.String()),
});

const LogisticsOut = Type.Object({
  deliveryTime: Type.Optional(Type.String()),
  instructions: Type.Optional(Type.String()),
  pickupDetails: Type.Optional(
    Type.Object({ address: AddressOut, pickupMethod: Type.String(), businessLocation: Type.Boolean() }),
  ),
  deliveryTimeSlot: Type.Optional(Type.Object({ from: DateTimeOut(), to: DateTimeOut() })),
});

const OtherChargeOut = Type.Object({ type: Type.String(), details: Type.String(), price: MoneyOut });

export const ShippingOptionOut = Type.Object({
  code: Type.String(),
  title: Type.String(),
  logistics: LogisticsOut,
  cost: Type.Object({ price: MoneyOut, otherCharges: Type.Array(OtherChargeOut) }),
});

export const SelectedCarrierServiceOptionOut = Type.Object({
  code: Type.String(),
  title: Type.String(),
  carrierId: Type.String(),
  logistics: LogisticsOut,
  cost: Type.Object({
    totalPriceAfterTax: MoneyOut,
    totalPriceBeforeTax: MoneyOut,
    totalDiscount: MoneyOut,
    price: MoneyOut,
    taxDetails: TaxDetailsOut,
  }),
  requestedShippingOption: Type.Boolean(),
  otherCharges: Type.Array(
    Type.Object({ type: Type.String(), details: Type.String(), cost: Type.Object({ price: MoneyOut }) }),
  ),
});

export const shippingInfoFields = {
  region: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
  selectedCarrierServiceOption: Type.Optional(SelectedCarrierServiceOptionOut),
  carrierServiceOptions: Type.Array(
    Type.Object({ carrierId: Type.String(), shippingOptions: Type.Array(ShippingOptionOut) }),
  ),
};
export const ShippingInfoOut = Type.Object(shippingInfoFields);

export const TaxSummaryOut = Type.Object({
  taxableAmount: MoneyOut,
  totalTax: MoneyOut,
  calculationDetails: Type.Object({
    rateType: Type.String(),
    manualRateReason: Type.Optional(Type.String()),
    autoTaxFallbackDetails: Type.Optional(Type.Object({ fallbackReason: Type.String() })),
  }),
});

const ErrorDetailsOut = Type.Object({
  applicationError: Type.Object({ code: Type.String(), description: Type.String() }),
});

export const CalculationErrorsOut = Type.Object({
  generalShippingCalculationError: Type.Optional(ErrorDetailsOut),
  selectedShippingOptionError: Type.Optional(ErrorDetailsOut),
  taxCalculationError: Type.Optional(ErrorDetailsOut),
  couponCalculationError: Type.Optional(ErrorDetailsOut),
  giftCardCalculationError: Type.Optional(ErrorDetailsOut),
  membershipError: Type.Optional(ErrorDetailsOut),
  orderValidationErrors: Type.Optional(
    Type.Array(Type.Object({ code: Type.String(), description: Type.String() })),
  ),
});

const MembershipOut = Type.Object({
  id: Type.String(),
  appId: Type.String(),
  name: Type.Object({ original: Type.String(), translated: Type.String() }),
  lineItemIds: Type.Array(Type.String()),
  expirationDate: Type.Optional(DateTimeOut()),
});

export const MembershipOptionsOut = Type.Object({
  eligibleMemberships: Type.Array(MembershipOut),
  invalidMemberships: Type.Array(Type.Object({ membership: MembershipOut, reason: Type.String() })),
  selectedMemberships: Type.Array(
    Type.Object({ id: Type.String(), appId: Type.String(), lineItemIds: Type.Array(Type.String()) }),
  ),
});

export const GiftCardOut = Type.Object({
  id: Type.String(),
  obfuscatedCode: Type.String(),
  amount: MoneyOut,
  appId: Type.String(),
});

export const AdditionalFeeOut = Type.Object({
  code: Type.String(),
  name: Type.String(),
  price: MoneyOut,
  priceBeforeTax: MoneyOut,
  priceAfterTax: MoneyOut,
  source: Type.String(),
});

/** The kinds of figure rows (figures.mapper.ts): what each surface may style or replace (a pending shipping). */
export const FIGURE_KINDS = [
  'SUBTOTAL',
  'DISCOUNT',
  'SHIPPING',
  'FEES',
  'TAX',
  'TOTAL',
  /** Checkout and cart: the gift card's part, taken off the total. */
  'GIFT_CARD',
  /** Checkout and cart: what the shopper pays when placing the order (the "Place order" button's amount). */
  'DUE_NOW',
  'DUE_LATER',
  /** Orders: money received, one row per way it was paid (the gift card included). */
  'PAID',
  /** Orders: what is still to be paid (pay later, offline, a card hold not captured yet). */
  'BALANCE',
  'REFUNDED',
  /** Orders with refunds: what the store kept, paid less refunded. */
  'NET',
] as const;
export const FigureOut = Type.Object({
  kind: StringEnum(FIGURE_KINDS),
  label: Type.String({ description: 'What the row is, in words: "Coupon SAVE10", "Gift card ••••ABCD"' }),
  amount: MoneyOut,
});

export const FiguresOut = Type.Array(FigureOut, {
  description:
    'Openshelf: the money rows every surface prints (subtotal, each discount, shipping, fees, tax, total, gift card, due now and later; orders: paid by each method, still due, refunded, net). Signed: what is taken off is negative.',
});

/** Everything a totals calculation adds to a response (estimate-totals, checkout). */
export const totalsFields = {
  priceSummary: PriceSummaryOut,
  appliedDiscounts: Type.Array(AppliedDiscountOut),
  calculationErrors: CalculationErrorsOut,
  violations: Type.Array(ViolationOut),
  membershipOptions: MembershipOptionsOut,
  additionalFees: Type.Array(AdditionalFeeOut),
  taxSummary: TaxSummaryOut,
  payNow: PriceSummaryOut,
  payLater: PriceSummaryOut,
  weightUnit: StringEnum(['KG', 'LB'] as const),
  currency: Type.String(),
  giftCard: Type.Optional(GiftCardOut),
  figures: FiguresOut,
};

export const TotalsFieldsOut = Type.Object(totalsFields);
