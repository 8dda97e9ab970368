import type { Static } from 'typebox';
import { Violations } from '../../lib/http/violations.js';
import { toDecimalString, toMinorUnits } from '../../lib/money.js';
import { percentToPpm, ppmToPercent } from '../../lib/ratio.js';
import type { Membership, MembershipPlan } from './memberships/memberships.service.js';
import type { Coupon, CouponWrite } from './promotions/coupons.service.js';
import type { GiftCard, GiftCardTransaction } from './promotions/gift-cards.service.js';
import type {
  CouponOut,
  CouponWrite as CouponWriteIn,
  GiftCardOut,
  GiftCardResponse,
  MembershipOut,
  PlanOut,
} from './promotions/promotions.contract.js';
import type { StoreSettings, StoreSettingsPatch } from './settings/settings.service.js';
import type { StoreIdentity } from './settings/store-identity.service.js';
import type { PickupLocationRecord, ShippingRegionRecord } from './shipping/shipping.service.js';
import type {
  PickupOut,
  RegionOut,
  SettingsResponse,
  SettingsWrite,
  TaxRegionOut,
} from './store-setup.contract.js';
import type { StoredShippingRate, StoredTaxRate } from './store-setup.schema.js';
import type { TaxRegionRecord } from './tax/tax.service.js';

/** Collects field problems of one admin request while converting amounts and rates. */
export class Converter {
  readonly violations = new Violations();
  constructor(readonly currency: string) {}

  minor(value: string | number, field: string): number {
    const minor = toMinorUnits(value, this.currency);
    if (minor === undefined || minor < 0) {
      this.violations.push({
        field,
        violatedRule: 'FORMAT',
        description: `must be a non-negative amount in ${this.currency}, e.g. "5.00"`,
      });
      return 0;
    }
    return minor;
  }

  ppm(value: string | number, field: string): number {
    const ppm = percentToPpm(value);
    if (ppm === undefined) {
      this.violations.push({
        field,
        violatedRule: 'DECIMAL_MAX_SCALE',
        description: 'must be a percentage from 0 to 100 with at most 4 decimals, e.g. "8.875"',
      });
      return 0;
    }
    return ppm;
  }

  done<T>(value: T): T {
    this.violations.throwIfAny();
    return value;
  }
}

export const amountOut = (minor: number, currency: string) => toDecimalString(minor, currency);

export function settingsIn(input: Static<typeof SettingsWrite>, c: Converter): StoreSettingsPatch {
  const { extraCharges, businessAddress, ...rest } = input;
  return c.done({
    ...rest,
    ...(businessAddress !== undefined ? { businessAddress } : {}),
    ...(extraCharges
      ? {
          extraCharges: extraCharges.map((charge, index) => ({
            type: charge.type,
            title: charge.title,
            ...(charge.amount !== undefined
              ? { amountMinor: c.minor(charge.amount, `settings.extraCharges[${index}].amount`) }
              : {}),
            ...(charge.percentage !== undefined
              ? { ppm: c.ppm(charge.percentage, `settings.extraCharges[${index}].percentage`) }
              : {}),
          })),
        }
      : {}),
  });
}

/** The settings with the store's name, logo (its absolute URL) and contact address. */
export function settingsOut(
  settings: StoreSettings,
  identity: StoreIdentity,
  publicUrl: string,
): Static<typeof SettingsResponse>['settings'] {
  const { extraCharges, ...rest } = settings;
  return {
    ...rest,
    ...identity,
    ...(identity.logo ? { logo: { ...identity.logo, url: `${publicUrl}${identity.logo.url}` } } : {}),
    extraCharges: extraCharges.map((charge) => ({
      type: charge.type,
      title: charge.title,
      ...(charge.amountMinor !== undefined
        ? { amount: amountOut(charge.amountMinor, settings.currency) }
        : {}),
      ...(charge.ppm !== undefined ? { percentage: ppmToPercent(charge.ppm) } : {}),
    })),
  };
}

export function couponIn(input: Static<typeof CouponWriteIn>, c: Converter): CouponWrite {
  const { percentage, amount, minimumSubtotal, ...rest } = input;
  return c.done({
    ...rest,
    ...(percentage !== undefined ? { ppm: c.ppm(percentage, 'coupon.percentage') } : {}),
    ...(amount !== undefined ? { amountMinor: c.minor(amount, 'coupon.amount') } : {}),
    ...(minimumSubtotal !== undefined
      ? {
          minimumSubtotalMinor:
            minimumSubtotal === null ? null : c.minor(minimumSubtotal, 'coupon.minimumSubtotal'),
        }
      : {}),
  });
}

export function couponOut(coupon: Coupon, currency: string): Static<typeof CouponOut> {
  const { ppm, amountMinor, minimumSubtotalMinor, ...rest } = coupon;
  return {
    ...rest,
    ...(ppm !== undefined ? { percentage: ppmToPercent(ppm) } : {}),
    ...(amountMinor !== undefined ? { amount: amountOut(amountMinor, currency) } : {}),
    ...(minimumSubtotalMinor !== undefined
      ? { minimumSubtotal: amountOut(minimumSubtotalMinor, currency) }
      : {}),
  };
}

export function giftCardOut(card: GiftCard): Static<typeof GiftCardOut> {
  return {
    id: card.id,
    obfuscatedCode: `••••${card.last4}`,
    currency: card.currency,
    initialBalance: amountOut(card.initialBalanceMinor, card.currency),
    balance: amountOut(card.balanceMinor, card.currency),
    ...(card.expiresAt ? { expiresAt: card.expiresAt } : {}),
    disabled: card.disabledAt !== undefined,
    ...(card.recipientEmail ? { recipientEmail: card.recipientEmail } : {}),
    ...(card.sourceOrderId ? { sourceOrderId: card.sourceOrderId } : {}),
    createdDate: card.createdDate,
    updatedDate: card.updatedDate,
  };
}

export function giftCardTransactionsOut(
  transactions: GiftCardTransaction[],
  currency: string,
): NonNullable<Static<typeof GiftCardResponse>['transactions']> {
  return transactions.map((tx) => ({
    id: tx.id,
    kind: tx.kind,
    amount: amountOut(tx.amountMinor, currency),
    balanceAfter: amountOut(tx.balanceAfterMinor, currency),
    ...(tx.orderId ? { orderId: tx.orderId } : {}),
    createdDate: tx.createdDate,
  }));
}

type RateIn = {
  code: string;
  title: string;
  kind: StoredShippingRate['kind'];
  amount: string | number;
  perWeightUnit?: string | number;
  freeOverSubtotal?: string | number;
  carrierId?: string;
  minDeliveryDays?: number;
  maxDeliveryDays?: number;
  deliveryTimeSlots?: { from: Date; to: Date }[];
};

export function ratesIn(rates: RateIn[], c: Converter): StoredShippingRate[] {
  return rates.map((rate, index) => {
    const at = `shippingRegion.rates[${index}]`;
    const { amount, perWeightUnit, freeOverSubtotal, deliveryTimeSlots, ...rest } = rate;
    return {
      ...rest,
      amountMinor: c.minor(amount, `${at}.amount`),
      ...(perWeightUnit !== undefined
        ? { perWeightUnitMinor: c.minor(perWeightUnit, `${at}.perWeightUnit`) }
        : {}),
      ...(freeOverSubtotal !== undefined
        ? { freeOverSubtotalMinor: c.minor(freeOverSubtotal, `${at}.freeOverSubtotal`) }
        : {}),
      ...(deliveryTimeSlots
        ? {
            deliveryTimeSlots: deliveryTimeSlots.map((s) => ({
              from: s.from.toISOString(),
              to: s.to.toISOString(),
            })),
          }
        : {}),
    };
  });
}

export function regionOut(region: ShippingRegionRecord, currency: string): Static<typeof RegionOut> {
  return {
    ...region,
    rates: region.rates.map(({ amountMinor, perWeightUnitMinor, freeOverSubtotalMinor, ...rate }) => ({
      ...rate,
      amount: amountOut(amountMinor, currency),
      ...(perWeightUnitMinor !== undefined ? { perWeightUnit: amountOut(perWeightUnitMinor, currency) } : {}),
      ...(freeOverSubtotalMinor !== undefined
        ? { freeOverSubtotal: amountOut(freeOverSubtotalMinor, currency) }
        : {}),
    })),
  };
}

export function pickupOut(pickup: PickupLocationRecord, currency: string): Static<typeof PickupOut> {
  const { feeMinor, ...rest } = pickup;
  return { ...rest, fee: amountOut(feeMinor, currency) };
}

export function taxRatesIn(
  rates: {
    jurisdiction: string;
    jurisdictionType: StoredTaxRate['jurisdictionType'];
    rate: string | number;
  }[],
  c: Converter,
): StoredTaxRate[] {
  return rates.map((rate, index) => ({
    jurisdiction: rate.jurisdiction,
    jurisdictionType: rate.jurisdictionType,
    ppm: c.ppm(rate.rate, `taxRegion.rates[${index}].rate`),
  }));
}

export function taxRegionOut(region: TaxRegionRecord): Static<typeof TaxRegionOut> {
  return {
    ...region,
    rates: region.rates.map((rate) => ({
      jurisdiction: rate.jurisdiction,
      jurisdictionType: rate.jurisdictionType,
      rate: ppmToPercent(rate.ppm),
    })),
  };
}

export function planOut(plan: MembershipPlan, currency: string): Static<typeof PlanOut> {
  const { priceMinor, ...rest } = plan;
  return { ...rest, price: amountOut(priceMinor, currency) };
}

export function planIn<T extends { price?: string | number }>(
  input: T,
  c: Converter,
): Omit<T, 'price'> & { priceMinor?: number } {
  const { price, ...rest } = input;
  return c.done({
    ...rest,
    ...(price !== undefined ? { priceMinor: c.minor(price, 'membershipPlan.price') } : {}),
  });
}
export const membershipOut = (membership: Membership): Static<typeof MembershipOut> => ({ ...membership });
