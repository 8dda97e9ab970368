// The hosted checkout's calls: read and update a checkout, place its order, read the buyer's order.

import { type Checkout, isApplicationError, type OpenshelfClient } from '@openshelf/sdk';
import { trimFigure, trimLine } from './cart.server';
import type { Figure, LineItem, Money, Violation } from './types';

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

/** `catalogReference.appId` of a Pricing Plans line: a plan, which only a member can buy. */
export const PRICING_PLANS_APP_ID = '1522827f-c56c-a5c9-2ac9-00f9e6ae12d3';

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
  /** The API's rows, the gift card and the amount due included (the "Place order" button's amount). */
  figures: Figure[];
  violations: Violation[];
  calculationErrors: string[];
  memberships: { id: string; name: string; eligible: boolean; reason?: string }[];
  selectedMembershipIds: string[];
  shippable: boolean;
  /** It holds a plan: the order is placed by a member only (a visitor logs in first). */
  membersOnly: boolean;
}

export async function getCheckout(client: OpenshelfClient, id: string): Promise<CheckoutView | undefined> {
  try {
    return toView(await client.checkout.get(id));
  } catch (error) {
    if (isApplicationError(error) && [403, 404].includes(error.status ?? 0)) return undefined;
    throw error;
  }
}

export type PaymentChoice =
  | { type: 'OFFLINE' }
  | { type: 'SANDBOX_CARD'; card: { number: string; expMonth: number; expYear: number; cvc: string } };

export interface OrderView {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  email?: string;
  lineItems: LineItem[];
  /** The API's rows: the summary, then what was paid by each method (the gift card first). */
  figures: Figure[];
  shipping?: { title: string; address?: Address; contactDetails?: Contact; pickup: boolean };
  createdDate: string;
}

/** The buyer's own order only: the API refuses anyone else's, which the page shows as "not found". */
export async function getOrder(client: OpenshelfClient, id: string): Promise<OrderView | undefined> {
  try {
    const order = await client.orders.get(id);
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      paymentStatus: order.paymentStatus,
      ...(order.buyerInfo.email ? { email: order.buyerInfo.email } : {}),
      lineItems: order.lineItems.map(trimLine),
      figures: order.figures.map(trimFigure),
      ...(order.shippingInfo
        ? {
            shipping: {
              title: order.shippingInfo.title ?? 'Shipping',
              pickup: order.shippingInfo.pickupMethod !== undefined,
              ...(order.shippingInfo.shippingDestination ?? {}),
            },
          }
        : {}),
      createdDate: order.createdDate.toISOString(),
    };
  } catch (error) {
    if (isApplicationError(error) && [401, 403, 404].includes(error.status ?? 0)) return undefined;
    throw error;
  }
}

function toView(c: Checkout): CheckoutView {
  const errors = Object.values(c.calculationErrors ?? {})
    .map((e) => e?.applicationError?.description)
    .filter((d): d is string => Boolean(d));
  return {
    id: c.id,
    completed: c.completed,
    ...(c.orderId ? { orderId: c.orderId } : {}),
    ...(c.buyerInfo.email ? { email: c.buyerInfo.email } : {}),
    ...(c.buyerInfo.memberId ? { memberId: c.buyerInfo.memberId } : {}),
    lineItems: c.lineItems.map(trimLine),
    ...(c.shippingInfo.shippingDestination
      ? { shippingDestination: c.shippingInfo.shippingDestination }
      : {}),
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
        ...(option.logistics.deliveryTimeSlot
          ? {
              slot: {
                from: option.logistics.deliveryTimeSlot.from.toISOString(),
                to: option.logistics.deliveryTimeSlot.to.toISOString(),
              },
            }
          : {}),
      })),
    ),
    ...(c.shippingInfo.selectedCarrierServiceOption
      ? { selectedShippingCode: c.shippingInfo.selectedCarrierServiceOption.code }
      : {}),
    ...(c.couponCode ? { couponCode: c.couponCode } : {}),
    ...(c.giftCard ? { giftCard: c.giftCard } : {}),
    figures: c.figures.map(trimFigure),
    violations: c.violations ?? [],
    calculationErrors: errors,
    memberships: [
      ...c.membershipOptions.eligibleMemberships.map((m) => ({
        id: m.id,
        name: m.name.original,
        eligible: true,
      })),
      ...c.membershipOptions.invalidMemberships.map((m) => ({
        id: m.membership.id,
        name: m.membership.name.original,
        eligible: false,
        reason: m.reason,
      })),
    ],
    selectedMembershipIds: c.membershipOptions.selectedMemberships.map((m) => m.id),
    membersOnly: c.lineItems.some((line) => line.catalogReference?.appId === PRICING_PLANS_APP_ID),
    shippable: c.lineItems.some(
      (line) =>
        line.physicalProperties?.shippable !== false &&
        line.itemType?.preset !== 'DIGITAL' &&
        line.itemType?.preset !== 'GIFT_CARD',
    ),
  };
}
