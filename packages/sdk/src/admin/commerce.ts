import {
  COUPON_WIRE,
  type CodeListParams,
  type Coupon,
  type CouponInput,
  type CreateCouponInput,
  type CreateFulfillmentRequest,
  type CreateMembershipPlanInput,
  type CreatePickupLocationInput,
  type CreateShippingRegionInput,
  type CreateTaxRegionInput,
  FULFILLMENT_WIRE,
  type Fulfillment,
  GIFT_CARD_DETAILS_WIRE,
  GIFT_CARD_WIRE,
  type GiftCard,
  type GiftCardDetails,
  type GiftCardInput,
  ISSUED_GIFT_CARD_WIRE,
  type IssuedGiftCard,
  MEMBERSHIP_PLAN_WIRE,
  MEMBERSHIP_WIRE,
  type Membership,
  type MembershipPlan,
  type MembershipPlanInput,
  ORDER_TRANSACTIONS_WIRE,
  ORDER_WIRE,
  type Order,
  type OrderListParams,
  type OrderTransactions,
  PICKUP_LOCATION_WIRE,
  type PickupLocation,
  type PickupLocationInput,
  type RefundPaymentsRequest,
  SHIPPING_REGION_WIRE,
  type ShippingRegion,
  type ShippingRegionInput,
  STORE_SETTINGS_WIRE,
  type StoreSettings,
  type StoreSettingsInput,
  TAX_REGION_WIRE,
  type TaxRegion,
  type TaxRegionInput,
  type UpdateFulfillmentRequest,
} from '../entities/index.js';
import type { Transport } from '../transport.js';
import { reviveEntity } from '../wire.js';
import { pagedList, resource } from './resources.js';

const ADMIN = '/admin-api/v1';

/** What a merchant can do to an order after it was placed. */
export type OrderAction = 'mark-paid' | 'capture' | 'void' | 'fulfill' | 'cancel';

/** Orders, newest first: search by number or e-mail, filter by status, and move them along. */
export function ordersModule(transport: Transport) {
  const revive = (order: unknown) => reviveEntity<Order>(order, ORDER_WIRE);
  const fulfillmentsOf = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) => {
    const reply = await transport.request<{ orderWithFulfillments: { fulfillments: unknown[] } }>({
      method,
      path,
      ...(body ? { body } : {}),
    });
    return reply.orderWithFulfillments.fulfillments.map((wire) =>
      reviveEntity<Fulfillment>(wire, FULFILLMENT_WIRE),
    );
  };
  const act = async (id: string, action: OrderAction) =>
    revive(
      (
        await transport.request<{ order: unknown }>({
          method: 'POST',
          path: `${ADMIN}/orders/${encodeURIComponent(id)}/${action}`,
        })
      ).order,
    );
  return {
    async list(params: OrderListParams = {}) {
      const { items, metadata } = await pagedList<Order>(
        transport,
        `${ADMIN}/orders`,
        'orders',
        { ...params },
        ORDER_WIRE,
      );
      return { orders: items, metadata };
    },
    async get(id: string): Promise<Order> {
      const reply = await transport.request<{ order: unknown }>({
        method: 'GET',
        path: `${ADMIN}/orders/${encodeURIComponent(id)}`,
      });
      return revive(reply.order);
    },
    /** Records money received offline, or captures an authorization. */
    markPaid: (id: string) => act(id, 'mark-paid'),
    /** Captures a payment authorized with `delayCapture`. */
    capture: (id: string) => act(id, 'capture'),
    /** Releases a payment authorized with `delayCapture` (payment status VOIDED; the order stays open). */
    void: (id: string) => act(id, 'void'),
    fulfill: (id: string) => act(id, 'fulfill'),
    /** Returns stock and gift-card amounts, voids or refunds payments. */
    cancel: (id: string) => act(id, 'cancel'),
    act,
    /** Payments, refunds and what is left to refund (money, shipping, units per line). */
    async transactions(orderId: string): Promise<OrderTransactions> {
      const reply = await transport.request<{ orderTransactions: unknown }>({
        method: 'GET',
        path: `/ecom/v1/payments/orders/${encodeURIComponent(orderId)}`,
      });
      return reviveEntity<OrderTransactions>(reply.orderTransactions, ORDER_TRANSACTIONS_WIRE);
    },
    /**
     * Refunds lines × quantities, the shipping or an amount; restocks; e-mails the buyer by default.
     * With `dryRun: true` it only checks and computes the refund (to confirm it first).
     */
    async refund(
      request: RefundPaymentsRequest,
    ): Promise<{ refund: OrderTransactions['refunds'][number]; orderTransactions: OrderTransactions }> {
      const reply = await transport.request<{ refund: unknown; orderTransactions: unknown }>({
        method: 'POST',
        path: '/ecom/v1/order-billing/refund-payments',
        body: request,
      });
      const orderTransactions = reviveEntity<OrderTransactions>(
        reply.orderTransactions,
        ORDER_TRANSACTIONS_WIRE,
      );
      // The refund has the shape of the transactions' refunds: revive it through them.
      const [refund] = reviveEntity<OrderTransactions>(
        { ...(reply.orderTransactions as object), refunds: [reply.refund] },
        ORDER_TRANSACTIONS_WIRE,
      ).refunds;
      if (!refund) throw new Error('The refund reply carried no refund');
      return { refund, orderTransactions };
    },
    fulfillments: (orderId: string) =>
      fulfillmentsOf('GET', `/ecom/v1/fulfillments/orders/${encodeURIComponent(orderId)}`),
    /** Ships lines × quantities with carrier and tracking; the buyer is e-mailed the tracking link. */
    createFulfillment: (orderId: string, fulfillment: CreateFulfillmentRequest['fulfillment']) =>
      fulfillmentsOf(
        'POST',
        `/ecom/v1/fulfillments/orders/${encodeURIComponent(orderId)}/create-fulfillment`,
        {
          fulfillment,
        },
      ),
    updateFulfillment: (
      orderId: string,
      fulfillmentId: string,
      fulfillment: UpdateFulfillmentRequest['fulfillment'],
    ) => fulfillmentsOf('PATCH', fulfillmentPath(orderId, fulfillmentId), { fulfillment }),
    deleteFulfillment: (orderId: string, fulfillmentId: string) =>
      fulfillmentsOf('DELETE', fulfillmentPath(orderId, fulfillmentId)),
    /** A merchant's note on the order's timeline. */
    async addNote(orderId: string, message: string): Promise<Order> {
      const reply = await transport.request<{ order: unknown }>({
        method: 'POST',
        path: `/ecom/v1/orders/${encodeURIComponent(orderId)}/activities`,
        body: { activity: { merchantComment: { message } } },
      });
      return revive(reply.order);
    },
  };
}

const fulfillmentPath = (orderId: string, fulfillmentId: string) =>
  `/ecom/v1/fulfillments/${encodeURIComponent(fulfillmentId)}/orders/${encodeURIComponent(orderId)}`;

export function couponsModule(transport: Transport) {
  const base = resource<Coupon, CreateCouponInput, CouponInput>(
    transport,
    `${ADMIN}/coupons`,
    'coupon',
    'coupons',
    COUPON_WIRE,
  );
  return {
    ...base,
    async list(params: CodeListParams = {}) {
      const { items, metadata } = await pagedList<Coupon>(
        transport,
        `${ADMIN}/coupons`,
        'coupons',
        { ...params },
        COUPON_WIRE,
      );
      return { coupons: items, metadata };
    },
  };
}

export function giftCardsModule(transport: Transport) {
  const path = (id: string) => `${ADMIN}/gift-cards/${encodeURIComponent(id)}`;
  return {
    async list(params: CodeListParams = {}) {
      const { items, metadata } = await pagedList<GiftCard>(
        transport,
        `${ADMIN}/gift-cards`,
        'giftCards',
        { ...params },
        GIFT_CARD_WIRE,
      );
      return { giftCards: items, metadata };
    },
    async get(id: string): Promise<GiftCardDetails> {
      const reply = await transport.request<unknown>({ method: 'GET', path: path(id) });
      return reviveEntity<GiftCardDetails>(reply, GIFT_CARD_DETAILS_WIRE);
    },
    /** Issues a card. The reply's `code` is the only time the full code is ever shown: hand it over now. */
    async issue(giftCard: GiftCardInput): Promise<IssuedGiftCard> {
      const reply = await transport.request<unknown>({
        method: 'POST',
        path: `${ADMIN}/gift-cards`,
        body: { giftCard },
      });
      return reviveEntity<IssuedGiftCard>(reply, ISSUED_GIFT_CARD_WIRE);
    },
    async disable(id: string): Promise<GiftCard> {
      const reply = await transport.request<{ giftCard: unknown }>({
        method: 'POST',
        path: `${path(id)}/disable`,
      });
      return reviveEntity<GiftCard>(reply.giftCard, GIFT_CARD_WIRE);
    },
  };
}

/** Shipping regions, pickup locations, tax regions, store settings and membership plans. */
export function storeSetupModules(transport: Transport) {
  const settingsReply = async (reply: Promise<{ settings: unknown }>) =>
    reviveEntity<StoreSettings>((await reply).settings, STORE_SETTINGS_WIRE);
  return {
    shippingRegions: resource<ShippingRegion, CreateShippingRegionInput, ShippingRegionInput>(
      transport,
      `${ADMIN}/shipping-regions`,
      'shippingRegion',
      'shippingRegions',
      SHIPPING_REGION_WIRE,
    ),
    pickupLocations: resource<PickupLocation, CreatePickupLocationInput, PickupLocationInput>(
      transport,
      `${ADMIN}/pickup-locations`,
      'pickupLocation',
      'pickupLocations',
      PICKUP_LOCATION_WIRE,
    ),
    taxRegions: resource<TaxRegion, CreateTaxRegionInput, TaxRegionInput>(
      transport,
      `${ADMIN}/tax-regions`,
      'taxRegion',
      'taxRegions',
      TAX_REGION_WIRE,
    ),
    membershipPlans: resource<MembershipPlan, CreateMembershipPlanInput, MembershipPlanInput>(
      transport,
      `${ADMIN}/membership-plans`,
      'membershipPlan',
      'membershipPlans',
      MEMBERSHIP_PLAN_WIRE,
    ),
    memberships: {
      async list(memberId?: string): Promise<Membership[]> {
        const reply = await transport.request<{ memberships: unknown[] }>({
          method: 'GET',
          path: `${ADMIN}/memberships`,
          query: { memberId },
        });
        return reply.memberships.map((membership) => reviveEntity<Membership>(membership, MEMBERSHIP_WIRE));
      },
    },
    settings: {
      get: (): Promise<StoreSettings> =>
        settingsReply(transport.request({ method: 'GET', path: `${ADMIN}/store-settings` })),
      /** Owner only. */
      update: (settings: StoreSettingsInput): Promise<StoreSettings> =>
        settingsReply(
          transport.request({ method: 'PATCH', path: `${ADMIN}/store-settings`, body: { settings } }),
        ),
    },
  };
}
