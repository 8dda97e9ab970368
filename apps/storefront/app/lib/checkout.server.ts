// The hosted checkout's calls: read and update a checkout, place its order, read the buyer's order.

import { isApplicationError, type Transport } from '@openshelf/sdk';
import { trimLine } from './cart.server';
import type { LineItem, Money, PriceSummary, Violation } from './types';

export interface Address {
  country?: string;
  subdivision?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
}

export interface Contact {
  firstName?: string;
  lastName?: string;
  phone?: string;
}

export interface ShippingOptionView {
  code: string;
  carrierId: string;
  title: string;
  price: Money;
  deliveryTime?: string;
  instructions?: string;
  pickup?: { address: Address; method: string };
  slot?: { from: string; to: string };
}

export interface CheckoutView {
  id: string;
  completed: boolean;
  orderId?: string;
  email?: string;
  memberId?: string;
  lineItems: LineItem[];
  shippingDestination?: { address?: Address; contactDetails?: Contact };
  billingInfo?: { address?: Address; contactDetails?: Contact };
  shippingOptions: ShippingOptionView[];
  selectedShippingCode?: string;
  couponCode?: string;
  giftCard?: { obfuscatedCode?: string; amount?: Money };
  priceSummary: PriceSummary;
  payNowTotal?: Money;
  violations: Violation[];
  calculationErrors: string[];
  memberships: { id: string; name: string; eligible: boolean; reason?: string }[];
  selectedMembershipIds: string[];
  shippable: boolean;
}

interface LogisticsWire {
  deliveryTime?: string;
  instructions?: string;
  pickupDetails?: { address: Address; pickupMethod: string };
  deliveryTimeSlot?: { from: string; to: string };
}

interface CheckoutWire {
  id: string;
  completed: boolean;
  orderId?: string;
  buyerInfo: { email?: string; memberId?: string };
  lineItems: (LineItem & { physicalProperties?: { shippable?: boolean } })[];
  billingInfo?: { address?: Address; contactDetails?: Contact };
  shippingInfo: {
    shippingDestination?: { address?: Address; contactDetails?: Contact };
    selectedCarrierServiceOption?: { code: string };
    carrierServiceOptions: {
      carrierId: string;
      shippingOptions: { code: string; title: string; logistics: LogisticsWire; cost: { price: Money } }[];
    }[];
  };
  couponCode?: string;
  giftCard?: { obfuscatedCode?: string; amount?: Money };
  priceSummary: PriceSummary;
  payNow?: PriceSummary;
  violations?: Violation[];
  calculationErrors?: Record<string, { applicationError?: { description?: string } } | undefined>;
  membershipOptions?: {
    eligibleMemberships?: { id: string; name?: { original?: string } }[];
    invalidMemberships?: { membership: { id: string; name?: { original?: string } }; reason?: string }[];
    selectedMemberships?: { memberships?: { id: string }[] } | { id: string }[];
  };
}

export async function getCheckout(api: Transport, id: string): Promise<CheckoutView | undefined> {
  try {
    const reply = await api.request<{ checkout: CheckoutWire }>({
      method: 'GET',
      path: `/ecom/v1/checkouts/${encodeURIComponent(id)}`,
    });
    return toView(reply.checkout);
  } catch (error) {
    if (isApplicationError(error) && (error.status === 404 || error.status === 403)) return undefined;
    throw error;
  }
}

export interface CheckoutUpdate {
  checkout?: Record<string, unknown>;
  couponCode?: string | null;
  giftCardCode?: string | null;
}

export async function updateCheckout(api: Transport, id: string, update: CheckoutUpdate): Promise<void> {
  await api.request({ method: 'PATCH', path: `/ecom/v1/checkouts/${encodeURIComponent(id)}`, body: update });
}

export async function removeCheckoutCoupon(api: Transport, id: string): Promise<void> {
  await api.request({ method: 'POST', path: `/ecom/v1/checkouts/${encodeURIComponent(id)}/remove-coupon`, body: {} });
}

export async function removeCheckoutGiftCard(api: Transport, id: string): Promise<void> {
  await api.request({
    method: 'POST',
    path: `/ecom/v1/checkouts/${encodeURIComponent(id)}/remove-gift-card`,
    body: {},
  });
}

export type PaymentChoice =
  | { type: 'OFFLINE' }
  | { type: 'SANDBOX_CARD'; card: { number: string; expMonth: number; expYear: number; cvc: string } };

export async function placeOrder(api: Transport, id: string, paymentMethod: PaymentChoice): Promise<string> {
  const reply = await api.request<{ orderId: string }>({
    method: 'POST',
    path: `/ecom/v1/checkouts/${encodeURIComponent(id)}/create-order`,
    body: { paymentMethod },
  });
  return reply.orderId;
}

export interface OrderView {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  email?: string;
  lineItems: LineItem[];
  priceSummary: PriceSummary;
  shipping?: { title: string; address?: Address; contactDetails?: Contact; pickup: boolean };
  createdDate: string;
}

/** The buyer's own order only: the API answers 403/404 for anyone else's, shown as "not found". */
export async function getOrder(api: Transport, id: string): Promise<OrderView | undefined> {
  try {
    const { order } = await api.request<{
      order: OrderView & {
        buyerInfo?: { email?: string };
        shippingInfo?: {
          title: string;
          pickupMethod?: string;
          shippingDestination?: { address?: Address; contactDetails?: Contact };
        };
      };
    }>({ method: 'GET', path: `/ecom/v1/orders/${encodeURIComponent(id)}` });
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      paymentStatus: order.paymentStatus,
      ...(order.buyerInfo?.email ? { email: order.buyerInfo.email } : {}),
      lineItems: order.lineItems.map(trimLine),
      priceSummary: order.priceSummary,
      ...(order.shippingInfo
        ? {
            shipping: {
              title: order.shippingInfo.title,
              pickup: order.shippingInfo.pickupMethod !== undefined,
              ...(order.shippingInfo.shippingDestination ?? {}),
            },
          }
        : {}),
      createdDate: order.createdDate,
    };
  } catch (error) {
    if (isApplicationError(error) && [401, 403, 404].includes(error.status ?? 0)) return undefined;
    throw error;
  }
}

function toView(c: CheckoutWire): CheckoutView {
  const errors = Object.values(c.calculationErrors ?? {})
    .map((e) => e?.applicationError?.description)
    .filter((d): d is string => Boolean(d));
  const selectedRaw = c.membershipOptions?.selectedMemberships;
  const selected = Array.isArray(selectedRaw) ? selectedRaw : (selectedRaw?.memberships ?? []);
  return {
    id: c.id,
    completed: c.completed,
    ...(c.orderId ? { orderId: c.orderId } : {}),
    ...(c.buyerInfo.email ? { email: c.buyerInfo.email } : {}),
    ...(c.buyerInfo.memberId ? { memberId: c.buyerInfo.memberId } : {}),
    lineItems: c.lineItems.map(trimLine),
    ...(c.shippingInfo.shippingDestination ? { shippingDestination: c.shippingInfo.shippingDestination } : {}),
    ...(c.billingInfo ? { billingInfo: c.billingInfo } : {}),
    shippingOptions: c.shippingInfo.carrierServiceOptions.flatMap((carrier) =>
      carrier.shippingOptions.map((option) => ({
        code: option.code,
        carrierId: carrier.carrierId,
        title: option.title,
        price: option.cost.price,
        ...(option.logistics.deliveryTime ? { deliveryTime: option.logistics.deliveryTime } : {}),
        ...(option.logistics.instructions ? { instructions: option.logistics.instructions } : {}),
        ...(option.logistics.pickupDetails
          ? {
              pickup: {
                address: option.logistics.pickupDetails.address,
                method: option.logistics.pickupDetails.pickupMethod,
              },
            }
          : {}),
        ...(option.logistics.deliveryTimeSlot ? { slot: option.logistics.deliveryTimeSlot } : {}),
      })),
    ),
    ...(c.shippingInfo.selectedCarrierServiceOption
      ? { selectedShippingCode: c.shippingInfo.selectedCarrierServiceOption.code }
      : {}),
    ...(c.couponCode ? { couponCode: c.couponCode } : {}),
    ...(c.giftCard ? { giftCard: c.giftCard } : {}),
    priceSummary: c.priceSummary,
    ...(c.payNow ? { payNowTotal: c.payNow.total } : {}),
    violations: c.violations ?? [],
    calculationErrors: errors,
    memberships: [
      ...(c.membershipOptions?.eligibleMemberships ?? []).map((m) => ({
        id: m.id,
        name: m.name?.original ?? 'Membership',
        eligible: true,
      })),
      ...(c.membershipOptions?.invalidMemberships ?? []).map((m) => ({
        id: m.membership.id,
        name: m.membership.name?.original ?? 'Membership',
        eligible: false,
        ...(m.reason ? { reason: m.reason } : {}),
      })),
    ],
    selectedMembershipIds: selected.map((m) => m.id),
    shippable: c.lineItems.some((line) => line.physicalProperties?.shippable !== false && line.itemType?.preset !== 'DIGITAL' && line.itemType?.preset !== 'GIFT_CARD'),
  };
}
