import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { fieldMaskIn, maskAllows } from '../../lib/http/field-mask.js';
import { checkOverrideCheckoutUrl } from '../checkout/index.js';
import {
  addressWithContactIn,
  catalogLinesIn,
  checkAddresses,
  customLinesIn,
  type EcomHttp,
  merchantDiscountsIn,
} from '../pricing/index.js';
import type { UpdateCartRequest } from './cart.contract.js';
import type { UpdateCartInput } from './current/cart.service.js';

/**
 * An update of a cart (the current cart's PATCH, or the `cart` module's createCart / updateCart by id)
 * in service terms. Custom lines, merchant discounts and catalog overrides are the store's to set:
 * shoppers sending them get 400 FIELD_NOT_ALLOWED naming the field. `overrideCheckoutUrl` must be a
 * place this caller may send buyers to (override-checkout-url.service.ts).
 */
export async function cartUpdateIn(
  body: Static<typeof UpdateCartRequest>,
  http: Pick<EcomHttp, 'db' | 'env' | 'now' | 'publicUrl'>,
  request: Pick<FastifyRequest, 'caller'>,
): Promise<UpdateCartInput> {
  const { currency } = http.env;
  const info = maskedCartInfo(body.cartInfo, body.cartFieldmask);
  await checkOverrideCheckoutUrl(
    http.db,
    http.publicUrl,
    request.caller,
    info?.overrideCheckoutUrl,
    'cartInfo.overrideCheckoutUrl',
  );
  const contactInfo = addressWithContactIn(info?.contactInfo);
  checkAddresses([{ path: 'cartInfo.contactInfo.address', address: contactInfo?.address }]);
  const merchantDiscounts = merchantDiscountsIn(body.merchantDiscounts, currency, request.caller);
  const customLines = customLinesIn(body.customLineItems, currency, request.caller);
  // The protocol's null (and proto3's empty string) mean "no coupon given": the applied one stays.
  const couponCode = body.couponCode?.trim();
  return {
    ...(info?.buyerNote !== undefined ? { buyerNote: info.buyerNote } : {}),
    ...(contactInfo ? { contactInfo } : {}),
    ...(info?.selectedShippingOption ? { selectedShippingCode: info.selectedShippingOption.code } : {}),
    ...(info?.overrideCheckoutUrl ? { overrideCheckoutUrl: info.overrideCheckoutUrl } : {}),
    ...(couponCode ? { couponCode } : {}),
    ...(merchantDiscounts ? { merchantDiscounts } : {}),
    ...(customLines.length > 0 ? { customLines } : {}),
    lineItems: catalogLinesIn(body.lineItems, http, request),
  };
}

const MASKABLE = ['buyerNote', 'contactInfo', 'selectedShippingOption', 'overrideCheckoutUrl'] as const;

/** cartInfo with only the parts `cartFieldmask` names (all of it without a mask). */
function maskedCartInfo(
  info: Static<typeof UpdateCartRequest>['cartInfo'],
  mask: Static<typeof UpdateCartRequest>['cartFieldmask'],
): Static<typeof UpdateCartRequest>['cartInfo'] {
  const paths = fieldMaskIn(mask, { field: 'cartFieldmask', entity: 'cartInfo', maskable: MASKABLE });
  if (!info || !paths) return info;
  return Object.fromEntries(MASKABLE.filter((key) => maskAllows(paths, key)).map((key) => [key, info[key]]));
}
