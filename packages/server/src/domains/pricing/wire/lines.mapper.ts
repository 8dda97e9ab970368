import Type, { type Static } from 'typebox';
import type { LineView } from '../lines/line.types.js';
import { STORES_APP_ID } from '../lines/line.types.js';
import { descriptionLineOut, extrasOut } from '../lines/line-extras.mapper.js';
import type { LineTotals } from '../totals/totals.types.js';
import { ImageOut, lineItemFields, MoneyOut } from './common.contract.js';
import { TaxDetailsOut } from './totals.contract.js';
import { MEMBERSHIPS_APP_ID, moneyOf, taxDetailsOut } from './totals.mapper.js';

/** A cart line item: the image is `image` (without `id`: wire-protocol.md §2.5). */
export const CartLineItemOut = Type.Object({ ...lineItemFields, image: Type.Optional(ImageOut) });

/** A checkout line item: the image is `media`, and the line's share of the totals is included. */
export const CheckoutLineItemOut = Type.Object({
  ...lineItemFields,
  media: Type.Optional(ImageOut),
  totalPriceAfterTax: MoneyOut,
  totalPriceBeforeTax: MoneyOut,
  taxDetails: TaxDetailsOut,
  discount: MoneyOut,
});

function commonFields(view: LineView, currency: string, totals: LineTotals | undefined) {
  const m = moneyOf(currency);
  const translatable = (text: string) => ({ original: text, translated: text });
  return {
    id: view.id,
    quantity: view.quantity,
    ...(view.catalogReference
      ? {
          catalogReference: {
            appId: view.catalogReference.appId || STORES_APP_ID,
            catalogItemId: view.catalogReference.catalogItemId,
            ...(view.catalogReference.options ? { options: view.catalogReference.options } : {}),
          },
        }
      : {}),
    productName: translatable(view.name),
    ...(view.url ? { url: view.url } : {}),
    price: m(view.unitPriceMinor),
    fullPrice: m(view.fullUnitPriceMinor),
    priceBeforeDiscounts: m(view.unitPriceMinor),
    lineItemPrice: m(view.unitPriceMinor * view.quantity),
    descriptionLines: view.descriptionLines.map(descriptionLineOut),
    availability: {
      status: view.availability.status,
      ...(view.availability.quantityAvailable !== undefined
        ? { quantityAvailable: view.availability.quantityAvailable }
        : {}),
    },
    physicalProperties: {
      ...(view.sku ? { sku: view.sku } : {}),
      shippable: view.itemType === 'PHYSICAL',
      ...(view.weight ? { weight: view.weight } : {}),
    },
    itemType: { preset: view.itemType },
    paymentOption: totals?.paymentOption ?? view.paymentOption,
    ...((totals?.paymentOption ?? view.paymentOption) === 'DEPOSIT_ONLINE' && view.depositUnitMinor
      ? { depositAmount: m(view.depositUnitMinor) }
      : {}),
    customLineItem: view.custom,
    ...(view.membersOnly ? { membersOnly: true } : {}),
    ...(view.fixedQuantity ? { fixedQuantity: true } : {}),
    ...(view.productId ? { rootCatalogItemId: view.productId } : {}),
    ...(view.subscription
      ? {
          subscriptionOptionInfo: {
            subscriptionSettings: {
              frequency: view.subscription.frequency,
              interval: view.subscription.interval,
              autoRenewal: view.subscription.billingCycles === 0,
              ...(view.subscription.billingCycles > 0
                ? { billingCycles: view.subscription.billingCycles }
                : {}),
              ...(view.subscription.startDate ? { startDate: new Date(view.subscription.startDate) } : {}),
            },
            title: translatable(view.subscription.title),
            ...(view.subscription.description
              ? { description: translatable(view.subscription.description) }
              : {}),
          },
        }
      : {}),
    ...(totals?.membershipId
      ? { selectedMembership: { id: totals.membershipId, appId: MEMBERSHIPS_APP_ID } }
      : {}),
    ...extrasOut(view, moneyOf(currency)),
  };
}

export function cartLineItemOut(
  view: LineView,
  currency: string,
  totals?: LineTotals,
): Static<typeof CartLineItemOut> {
  return { ...commonFields(view, currency, totals), ...(view.image ? { image: view.image } : {}) };
}

export function checkoutLineItemOut(
  view: LineView,
  currency: string,
  totals: LineTotals | undefined,
): Static<typeof CheckoutLineItemOut> {
  const m = moneyOf(currency);
  return {
    ...commonFields(view, currency, totals),
    ...(view.image ? { media: view.image } : {}),
    totalPriceAfterTax: m(totals?.total ?? 0),
    totalPriceBeforeTax: m(totals?.taxableAmount ?? 0),
    taxDetails: taxDetailsOut(
      currency,
      totals?.taxableAmount ?? 0,
      totals?.tax ?? 0,
      totals?.taxPpm ?? 0,
      totals?.taxBreakdown ?? [],
    ),
    discount: m(totals?.discount ?? 0),
  };
}
