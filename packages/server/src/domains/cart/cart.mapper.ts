import type { Static } from 'typebox';
import {
  addressWithContactOut,
  appliedDiscountsOut,
  calculatedLineOut,
  cartLineItemOut,
  moneyOf,
  shippingInfoOut,
  totalsOut,
} from '../pricing/index.js';
import type { CartOut, EstimateTotalsResponse } from './cart.contract.js';
import type { CartView } from './cart-view.service.js';
import type { estimateCurrentCartTotals } from './current/cart-checkout.service.js';

export function cartOut(view: CartView): Static<typeof CartOut> {
  const { row, totals } = view;
  const currency = totals.currency;
  const byId = new Map(totals.lines.map((line) => [line.id, line]));
  return {
    id: row.id,
    lineItems: view.lines.map((line) => cartLineItemOut(line, currency, byId.get(line.id))),
    ...(row.buyerNote ? { buyerNote: row.buyerNote } : {}),
    buyerInfo: row.memberId ? { memberId: row.memberId } : { visitorId: row.visitorId ?? '' },
    currency,
    conversionCurrency: currency,
    subtotal: moneyOf(currency)(totals.priceSummary.subtotal),
    appliedDiscounts: appliedDiscountsOut(totals),
    ...(view.coupon ? { couponCode: view.coupon.code } : {}),
    ...(row.contactInfo ? { contactInfo: addressWithContactOut(row.contactInfo) } : {}),
    ...(row.selectedShippingCode ? { selectedShippingOption: { code: row.selectedShippingCode } } : {}),
    ...(row.checkoutId ? { checkoutId: row.checkoutId } : {}),
    ...(row.overrideCheckoutUrl ? { overrideCheckoutUrl: row.overrideCheckoutUrl } : {}),
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
  };
}

export function estimateOut(
  view: Awaited<ReturnType<typeof estimateCurrentCartTotals>>,
): Static<typeof EstimateTotalsResponse> {
  const { totals } = view;
  const ctx = {
    currency: totals.currency,
    regionNames: new Map(view.setup.shipping.regions.map((region) => [region.id, region.name])),
    ...(view.requestedShippingCode ? { requestedShippingCode: view.requestedShippingCode } : {}),
  };
  return {
    cart: cartOut(view),
    calculatedLineItems: totals.lines.map((line) => calculatedLineOut(totals.currency, line)),
    shippingInfo: shippingInfoOut(totals, ctx),
    ...totalsOut(totals, ctx),
  };
}
