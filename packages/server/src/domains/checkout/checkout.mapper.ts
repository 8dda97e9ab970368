import type { Static } from 'typebox';
import { addressWithContactOut, checkoutLineItemOut, shippingInfoOut, totalsOut } from '../pricing/index.js';
import type { CheckoutOut } from './checkout.contract.js';
import type { CheckoutView } from './checkout.service.js';

export function checkoutOut(view: CheckoutView): Static<typeof CheckoutOut> {
  const { row, totals, setup } = view;
  const currency = totals.currency;
  const byId = new Map(totals.lines.map((line) => [line.id, line]));
  const ctx = {
    currency,
    regionNames: new Map(setup.shipping.regions.map((region) => [region.id, region.name])),
    ...(row.selectedShippingCode ? { requestedShippingCode: row.selectedShippingCode } : {}),
    ...(setup.giftCard ? { giftCard: { id: setup.giftCard.id, last4: setup.giftCard.last4 } } : {}),
  };
  const billingInfo = addressWithContactOut(row.billingInfo);
  const shippingDestination = addressWithContactOut(row.shippingDestination);
  return {
    id: row.id,
    ...(row.cartId ? { cartId: row.cartId } : {}),
    lineItems: view.lines.map((line) => checkoutLineItemOut(line, currency, byId.get(line.id))),
    channelType: row.channelType,
    completed: row.completed,
    ...(row.orderId ? { orderId: row.orderId } : {}),
    conversionCurrency: currency,
    buyerInfo: {
      ...(row.buyerEmail ? { email: row.buyerEmail } : {}),
      ...(row.memberId ? { memberId: row.memberId } : row.visitorId ? { visitorId: row.visitorId } : {}),
    },
    ...(row.buyerNote ? { buyerNote: row.buyerNote } : {}),
    ...(billingInfo ? { billingInfo } : {}),
    shippingInfo: {
      ...(shippingDestination ? { shippingDestination } : {}),
      ...shippingInfoOut(totals, ctx),
    },
    ...totalsOut(totals, ctx),
    ...(setup.coupon ? { couponCode: setup.coupon.code } : {}),
    ...(row.overrideCheckoutUrl ? { overrideCheckoutUrl: row.overrideCheckoutUrl } : {}),
    customFields: row.customFields.map((field) => ({ ...field, value: field.value ?? null })),
    taxIncludedInPrice: totals.tax.pricesIncludeTax,
    holdExpiresAt: row.holdExpiresAt,
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
  };
}
