import type { FastifyInstance } from 'fastify';
import { saveMediaFile } from '../domains/media/media.service.js';
import { mediaStorageFor } from '../domains/media/media-storage.adapter.js';
import type { PaymentProvider } from '../domains/payments/providers/payment-provider.types.js';
import { SANDBOX_CARDS, sandboxCardProvider } from '../domains/payments/providers/sandbox-card.provider.js';
import { createTestProduct, lineItem, setUpTestStore, shopperCheckout, type TestProduct } from './ecom.js';
import { merchantKey, type TestApp } from './index.js';
import { visitorToken } from './shoppers.js';

/** A New York delivery address with the standard rate (setUpTestStore's region). */
export const NEW_YORK_DELIVERY = {
  shippingDestination: {
    address: {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      postalCode: '10001',
      addressLine: '1 Main St',
    },
    contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
  },
  selectedCarrierServiceOption: { code: 'std' },
};

export const sandboxCard = (number: string = SANDBOX_CARDS.success[0]) => ({
  type: 'SANDBOX_CARD',
  card: { number, expMonth: 12, expYear: 2030, cvc: '123' },
});

/**
 * The sandbox gateway, with what refunds it was asked for kept and a switch to make the next refund
 * fail as a gateway outage would: the gateway is a third party, so tests may stand in for it.
 */
export function recordingGateway(clock: () => Date) {
  const sandbox = sandboxCardProvider(clock);
  const refunds: { reference: string; amountMinor: number; idempotencyKey: string }[] = [];
  const state = { failRefunds: 0 };
  const provider: PaymentProvider = {
    ...sandbox,
    async refund(reference, amountMinor, options) {
      if (state.failRefunds > 0) {
        state.failRefunds -= 1;
        throw new Error('gateway unreachable');
      }
      refunds.push({ reference, amountMinor, idempotencyKey: options.idempotencyKey });
      return {};
    },
  };
  return { provider, refunds, state };
}

/** A visitor buys `items` delivered to New York and pays with the given method; returns the order id. */
export async function placeTestOrder(
  app: FastifyInstance,
  visitor: string,
  items: { productId: string; quantity: number }[],
  options: { paymentMethod?: object; giftCardCode?: string; email?: string; token?: string } = {},
): Promise<string> {
  const token = options.token ?? visitorToken(visitor);
  const call = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const reply = await app.inject({ method, url, headers: { authorization: token }, payload });
    if (reply.statusCode !== 200) throw new Error(`${method} ${url} → ${reply.statusCode}: ${reply.body}`);
    return reply.json();
  };
  await call('POST', '/ecom/v1/carts/current/add-to-cart', {
    lineItems: items.map((item) => lineItem(item.productId, item.quantity)),
  });
  const { checkoutId } = await call('POST', '/ecom/v1/carts/current/create-checkout', {});
  await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    checkout: {
      buyerInfo: { email: options.email ?? `${visitor}@example.com` },
      shippingInfo: NEW_YORK_DELIVERY,
    },
    ...(options.giftCardCode ? { giftCardCode: options.giftCardCode } : {}),
  });
  const placed = await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    paymentMethod: options.paymentMethod ?? sandboxCard(),
  });
  return placed.orderId as string;
}

/**
 * The store the order route suites share: set up (setUpTestStore), an owner's key, a tracked Mug (10 in
 * stock), a digital Brewing guide with a private PDF, and Coffee beans sold only by monthly subscription.
 */
export async function createOrdersTestStore(t: TestApp) {
  const db = t.database.db;
  await setUpTestStore(db);
  const owner = await merchantKey(t.database);
  const mug = await createTestProduct(db, {
    name: 'Mug',
    priceMinor: 1250,
    stock: { trackInventory: true, quantity: 10 },
  });
  const file = await saveMediaFile(db, mediaStorageFor(t.config), {
    fileName: 'guide.pdf',
    data: Buffer.from('%PDF-1.4 the guide'),
    visibility: 'private',
  });
  const guide = await createTestProduct(db, {
    name: 'Brewing guide',
    priceMinor: 500,
    productType: 'digital',
    digitalFiles: [{ id: file.id, fileName: 'guide.pdf', fileType: 'SECURE_DOCUMENT' }],
  });
  const coffee = await createTestProduct(db, {
    name: 'Coffee beans',
    priceMinor: 1800,
    subscriptionOptions: {
      oneTimePurchase: false,
      subscriptions: [
        {
          id: 'monthly',
          title: 'Every month',
          visible: true,
          frequency: 'MONTH',
          interval: 1,
          billingCycles: 12,
          discount: { type: 'PERCENT', value: 1000 },
        },
      ],
    },
  });
  return { owner, mug, guide, coffee };
}

/** Calls as a shopper or merchant token, a shopper's checkout, and a product's stock, on `app()`. */
export function orderRouteHelpers(app: () => FastifyInstance) {
  const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app().inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const checkoutFor = (token: string, items: object[], extra: object = {}) =>
    shopperCheckout(app(), token, items, extra);
  // The public (cached) read: orders drop this process's cache as they commit, so it is fresh at once.
  const stockOf = async (product: TestProduct) =>
    (await app().inject(`/stores-reader/v1/products/${product.id}`)).json().product.stock.quantity;
  return { send, checkoutFor, stockOf };
}

/** A membership plan created through the admin API as the merchant `key` (fields over a plan for `productIds`). */
export async function createTestPlan(
  app: FastifyInstance,
  key: string,
  fields: Record<string, unknown> & { productIds: string[] },
): Promise<{ id: string; name: string; price: string }> {
  const reply = await app.inject({
    method: 'POST',
    url: '/admin-api/v1/membership-plans',
    headers: { authorization: key },
    payload: { membershipPlan: { name: 'Plan', ...fields } },
  });
  if (reply.statusCode !== 200)
    throw new Error(`creating the plan answered ${reply.statusCode}: ${reply.body}`);
  return reply.json().membershipPlan;
}
