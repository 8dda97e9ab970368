import Type from 'typebox';
import { FieldMaskIn } from '../../lib/http/field-mask.js';
import { DateTimeOut, StringEnum } from '../../lib/http/wire.js';
import { CHANNEL_TYPES } from '../checkout/index.js';
import {
  AddressIn,
  AddressWithContactIn,
  AddressWithContactOut,
  AppliedDiscountOut,
  CalculatedLineItemOut,
  CartLineItemOut,
  CustomLineItemIn,
  LineItemIn,
  MerchantDiscountsIn,
  MoneyOut,
  SelectedMembershipsIn,
  SelectedShippingOptionIn,
  ShippingInfoOut,
  totalsFields,
} from '../pricing/index.js';

const LineItems = Type.Array(LineItemIn, { maxItems: 100 });
const CustomLineItems = Type.Array(CustomLineItemIn, { maxItems: 100 });

export const AddToCartRequest = Type.Object({
  lineItems: Type.Optional(LineItems),
  customLineItems: Type.Optional(CustomLineItems),
});

const CartInfoFields = {
  buyerNote: Type.Optional(Type.String({ maxLength: 1000 })),
  contactInfo: Type.Optional(AddressWithContactIn),
  selectedShippingOption: Type.Optional(SelectedShippingOptionIn),
  overrideCheckoutUrl: Type.Optional(Type.String({ maxLength: 2000, pattern: '^https?://' })),
};
const CouponCodeIn = Type.Union([Type.String({ maxLength: 60 }), Type.Null()], {
  description: 'A coupon to apply; null or "" applies none (the one applied stays)',
});

/** Which parts of cartInfo the update changes (`"buyerNote,contactInfo"`); the parts it does not name stay. */
const CartFieldMaskIn = Type.Optional(
  FieldMaskIn(
    'Parts of cartInfo to change: buyerNote, contactInfo, selectedShippingOption, overrideCheckoutUrl',
  ),
);

export const UpdateCartRequest = Type.Object({
  cartInfo: Type.Optional(Type.Object(CartInfoFields)),
  cartFieldmask: CartFieldMaskIn,
  couponCode: Type.Optional(CouponCodeIn),
  merchantDiscounts: Type.Optional(MerchantDiscountsIn),
  lineItems: Type.Optional(LineItems),
  customLineItems: Type.Optional(CustomLineItems),
});

/** The `cart` module's createCart and updateCart (a cart by id; merchant and app keys). */
export const CartByIdRequest = Type.Object({
  cartInfo: Type.Optional(
    Type.Object({
      ...CartInfoFields,
      id: Type.Optional(
        Type.String({
          maxLength: 100,
          description: "The cart's own id (echoed back on an update); the store gives it",
        }),
      ),
      buyerInfo: Type.Optional(
        Type.Object({
          visitorId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          memberId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        }),
      ),
    }),
  ),
  cartFieldmask: CartFieldMaskIn,
  couponCode: Type.Optional(CouponCodeIn),
  merchantDiscounts: Type.Optional(MerchantDiscountsIn),
  lineItems: Type.Optional(LineItems),
  customLineItems: Type.Optional(CustomLineItems),
});
export const CartIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const ChannelTypeIn = StringEnum(CHANNEL_TYPES);

export const CreateCheckoutFromCartRequest = Type.Object({
  channelType: Type.Optional(ChannelTypeIn),
  shippingAddress: Type.Optional(AddressIn),
  billingAddress: Type.Optional(AddressIn),
  selectedShippingOption: Type.Optional(SelectedShippingOptionIn),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
});

export const EstimateTotalsRequest = Type.Object({
  selectedShippingOption: Type.Optional(SelectedShippingOptionIn),
  shippingAddress: Type.Optional(AddressIn),
  billingAddress: Type.Optional(AddressIn),
  selectedMemberships: Type.Optional(SelectedMembershipsIn),
  calculateTax: Type.Optional(Type.Boolean()),
  calculateShipping: Type.Optional(Type.Boolean()),
  calculateAdditionalFees: Type.Optional(Type.Boolean()),
});

export const CartOut = Type.Object({
  id: Type.String(),
  lineItems: Type.Array(CartLineItemOut),
  buyerNote: Type.Optional(Type.String()),
  buyerInfo: Type.Object({ visitorId: Type.Optional(Type.String()), memberId: Type.Optional(Type.String()) }),
  currency: Type.String(),
  conversionCurrency: Type.String(),
  subtotal: MoneyOut,
  appliedDiscounts: Type.Array(AppliedDiscountOut),
  couponCode: Type.Optional(
    Type.String({
      description: 'The coupon applied to the cart (also in appliedDiscounts), as the spec names it',
    }),
  ),
  contactInfo: Type.Optional(AddressWithContactOut),
  selectedShippingOption: Type.Optional(Type.Object({ code: Type.String() })),
  checkoutId: Type.Optional(Type.String()),
  overrideCheckoutUrl: Type.Optional(Type.String()),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});

/**
 * A reply carrying the cart. A shopper with no cart yet gets 404 OWNED_CART_NOT_FOUND instead, from GET and
 * every call that needs one; add-to-cart and PATCH create it.
 */
export const CartResponse = Type.Object({ cart: CartOut });

export const EstimateTotalsResponse = Type.Object({
  cart: CartOut,
  calculatedLineItems: Type.Array(CalculatedLineItemOut),
  shippingInfo: ShippingInfoOut,
  ...totalsFields,
});

export const CheckoutIdResponse = Type.Object({ checkoutId: Type.String() });
