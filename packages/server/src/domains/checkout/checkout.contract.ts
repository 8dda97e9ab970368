import Type from 'typebox';
import { FieldMaskIn } from '../../lib/http/field-mask.js';
import { DateTimeOut, StringEnum } from '../../lib/http/wire.js';
import {
  AddressWithContactIn,
  AddressWithContactOut,
  CatalogReferenceIn,
  CheckoutLineItemOut,
  CustomLineItemIn,
  LineItemIn,
  MerchantDiscountsIn,
  SelectedMembershipsIn,
  SelectedShippingOptionIn,
  shippingInfoFields,
  totalsFields,
} from '../pricing/index.js';
import { CHANNEL_TYPES } from './checkout.schema.js';

/**
 * A checkout custom field (the platform's CustomField: titles up to 500 characters, any value). Kept
 * with the checkout and copied to the order, so the value is one bounded scalar, not any JSON.
 */
const CustomFieldIn = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 500 }),
  translatedTitle: Type.Optional(Type.String({ maxLength: 500 })),
  value: Type.Optional(
    Type.Unsafe<string | number | boolean | null>({
      type: ['string', 'number', 'boolean', 'null'],
      maxLength: 1000,
      description: 'A text (up to 1000 characters), number or true/false',
    }),
  ),
});

/** The settable parts of a checkout (createCheckout's checkoutInfo, updateCheckout's checkout). */
export const CheckoutInfoIn = Type.Object({
  buyerInfo: Type.Optional(
    Type.Object({
      email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
      visitorId: Type.Optional(Type.String({ maxLength: 100 })),
      memberId: Type.Optional(Type.String({ maxLength: 100 })),
    }),
  ),
  billingInfo: Type.Optional(AddressWithContactIn),
  shippingInfo: Type.Optional(
    Type.Object({
      shippingDestination: Type.Optional(AddressWithContactIn),
      selectedCarrierServiceOption: Type.Optional(SelectedShippingOptionIn),
    }),
  ),
  buyerNote: Type.Optional(Type.String({ maxLength: 1000 })),
  customFields: Type.Optional(Type.Array(CustomFieldIn, { maxItems: 20 })),
  membershipOptions: Type.Optional(
    Type.Object({ selectedMemberships: Type.Optional(SelectedMembershipsIn) }),
  ),
  /** The same as the request's top-level `merchantDiscounts` (send one of the two). */
  merchantDiscounts: Type.Optional(MerchantDiscountsIn),
});

const LineItems = Type.Array(LineItemIn, { maxItems: 100 });
const CustomLineItems = Type.Array(CustomLineItemIn, { maxItems: 100 });
const Code = Type.Union([Type.String({ maxLength: 60 }), Type.Null()]);
const Url = Type.Union([Type.String({ maxLength: 2000, pattern: '^https?://' }), Type.Null()]);

export const CreateCheckoutRequest = Type.Object({
  checkoutInfo: Type.Optional(CheckoutInfoIn),
  couponCode: Type.Optional(Code),
  giftCardCode: Type.Optional(Code),
  lineItems: Type.Optional(LineItems),
  customLineItems: Type.Optional(CustomLineItems),
  channelType: Type.Optional(StringEnum(CHANNEL_TYPES)),
  overrideCheckoutUrl: Type.Optional(Url),
  merchantDiscounts: Type.Optional(MerchantDiscountsIn),
});

/** updateCheckout's lineItems: `{id, quantity}` changes a line, `{catalogReference, quantity}` adds one. */
const UpdateLineItemIn = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 99_999 })),
  catalogReference: Type.Optional(CatalogReferenceIn),
});

export const UpdateCheckoutRequest = Type.Object({
  checkout: Type.Optional(CheckoutInfoIn),
  fieldMask: Type.Optional(FieldMaskIn()),
  couponCode: Type.Optional(Code),
  giftCardCode: Type.Optional(Code),
  overrideCheckoutUrl: Type.Optional(Url),
  lineItems: Type.Optional(Type.Array(UpdateLineItemIn, { maxItems: 100 })),
  customLineItems: Type.Optional(CustomLineItems),
  merchantDiscounts: Type.Optional(MerchantDiscountsIn),
});

export const AddToCheckoutRequest = Type.Object({
  lineItems: Type.Optional(LineItems),
  customLineItems: Type.Optional(CustomLineItems),
});

export const CheckoutIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const CheckoutOut = Type.Object({
  id: Type.String(),
  cartId: Type.Optional(Type.String()),
  lineItems: Type.Array(CheckoutLineItemOut),
  channelType: StringEnum(CHANNEL_TYPES),
  completed: Type.Boolean(),
  orderId: Type.Optional(Type.String()),
  conversionCurrency: Type.String(),
  buyerInfo: Type.Object({
    email: Type.Optional(Type.String()),
    visitorId: Type.Optional(Type.String()),
    memberId: Type.Optional(Type.String()),
  }),
  buyerNote: Type.Optional(Type.String()),
  billingInfo: Type.Optional(AddressWithContactOut),
  shippingInfo: Type.Object({
    shippingDestination: Type.Optional(AddressWithContactOut),
    ...shippingInfoFields,
  }),
  ...totalsFields,
  couponCode: Type.Optional(Type.String()),
  overrideCheckoutUrl: Type.Optional(Type.String()),
  customFields: Type.Array(
    Type.Object({
      title: Type.String(),
      translatedTitle: Type.Optional(Type.String()),
      value: Type.Unknown(),
    }),
  ),
  taxIncludedInPrice: Type.Boolean(),
  holdExpiresAt: DateTimeOut({ description: 'Line prices are held until then (ours; ADR 010)' }),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});

export const CheckoutResponse = Type.Object({ checkout: CheckoutOut });
