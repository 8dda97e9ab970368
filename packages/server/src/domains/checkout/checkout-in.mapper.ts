import type { Static } from 'typebox';
import { fieldMaskIn, maskAllows } from '../../lib/http/field-mask.js';
import { addressWithContactIn, checkAddresses } from '../pricing/index.js';
import type { CheckoutInfoIn } from './checkout.contract.js';
import type { CustomField } from './checkout.schema.js';
import type { CheckoutPatch } from './checkout-update.service.js';

/* Checkout requests in service terms: checkout info and the update field mask. */

const MASKABLE = [
  'buyerInfo',
  'buyerInfo.email',
  'billingInfo',
  'shippingInfo',
  'shippingInfo.shippingDestination',
  'shippingInfo.selectedCarrierServiceOption',
  'buyerNote',
  'customFields',
  'membershipOptions',
  'membershipOptions.selectedMemberships',
] as const;

/** The field mask of updateCheckout (`"a,b"` or `{paths}`), as checkout paths; undefined: no mask. */
export function checkoutFieldMaskIn(mask: string | { paths: string[] } | undefined) {
  return fieldMaskIn(mask, { field: 'fieldMask', entity: 'checkout', maskable: MASKABLE });
}

/** checkoutInfo / checkout → patch fields; with a mask, only the masked paths. */
export function checkoutInfoIn(
  info: Static<typeof CheckoutInfoIn> | undefined,
  mask: ReadonlySet<string> | undefined,
  path = 'checkout',
): Partial<CheckoutPatch> {
  if (!info) return {};
  const allowed = (path: string) => maskAllows(mask, path);
  const out: Partial<CheckoutPatch> = {};
  if (info.buyerInfo?.email !== undefined && allowed('buyerInfo.email'))
    out.buyerEmail = info.buyerInfo.email;
  if (info.billingInfo && allowed('billingInfo'))
    out.billingInfo = addressWithContactIn(info.billingInfo) ?? {};
  if (info.shippingInfo?.shippingDestination && allowed('shippingInfo.shippingDestination'))
    out.shippingDestination = addressWithContactIn(info.shippingInfo.shippingDestination) ?? {};
  if (info.shippingInfo?.selectedCarrierServiceOption && allowed('shippingInfo.selectedCarrierServiceOption'))
    out.selectedShippingCode = info.shippingInfo.selectedCarrierServiceOption.code;
  if (info.buyerNote !== undefined && allowed('buyerNote')) out.buyerNote = info.buyerNote;
  if (info.customFields && allowed('customFields'))
    out.customFields = info.customFields.map(
      (field): CustomField => ({
        title: field.title,
        ...(field.translatedTitle ? { translatedTitle: field.translatedTitle } : {}),
        value: field.value ?? null,
      }),
    );
  checkAddresses([
    { path: `${path}.billingInfo.address`, address: out.billingInfo?.address },
    { path: `${path}.shippingInfo.shippingDestination.address`, address: out.shippingDestination?.address },
  ]);
  const memberships = info.membershipOptions?.selectedMemberships?.memberships;
  if (memberships && allowed('membershipOptions.selectedMemberships'))
    out.selectedMemberships = memberships.map((m) => ({ id: m.id, lineItemIds: m.lineItemIds ?? [] }));
  return out;
}
