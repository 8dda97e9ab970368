import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import {
  createTestProduct,
  lineItem,
  setUpTestStore,
  shopperCheckout,
  type TestProduct,
} from '../../../testing/ecom.js';
import { type FakeStripe, startFakeStripe } from '../../../testing/fake-stripe/index.js';
import { type StripeTestStore, startStripeTestStore } from '../../../testing/fake-stripe/store.js';
import { createTestApp, memberToken, type TestApp, visitorToken } from '../../../testing/index.js';
import { getCoupon } from '../../store-setup/promotions/coupons.service.js';

// The Stripe provider through the real `stripe` client against the local fake of Stripe's API (ADR 035).
let stripe: FakeStripe;
let t: TestApp;
let owner: string;
let mug: TestProduct;
let couponIds: Record<string, string>;
let store: StripeTestStore;
beforeAll(async () => {
  store = await startStripeTestStore();
  ({ stripe, t, owner, mug, couponIds } = store);
});
afterAll(() => store.close());

const send = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const createOrder = (token: string, checkoutId: string, body: object) =>
  send(token, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, body);
const stripeMethod = (paymentMethodId: string) => ({ type: 'STRIPE', stripe: { paymentMethodId } });
const orderOf = async (orderId: string) =>
  (await send(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order;
const stockOf = async (product: TestProduct) =>
  (await t.app.inject(`/stores-reader/v1/products/${product.id}`)).json().product.stock.quantity as number;
const ordersOf = async (checkoutId: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.database.db,
        sql`SELECT count(*) AS n FROM orders WHERE checkout_id = ${checkoutId}`,
      )
    )[0]?.n,
  );

describe('Stripe PaymentIntents through the real client', () => {
  it('charges with automatic capture: one PaymentIntent, keyed by the checkout, order PAID', async () => {
    const me = visitorToken('v-stripe-auto');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id, 2)]);
    const reply = await createOrder(me, checkoutId, { paymentMethod: stripeMethod('pm_card_visa') });
    expect(reply.statusCode, reply.body).toBe(200);
    const intentId = reply.json().paymentGatewayOrderId;
    const intent = stripe.intents.get(intentId);
    expect(intent).toMatchObject({
      status: 'succeeded',
      capture_method: 'automatic',
      metadata: { checkout_id: checkoutId },
    });
    const order = await orderOf(reply.json().orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(intent?.amount).toBe(Math.round(Number(order.priceSummary.total.amount) * 100));
    expect(order.payments).toEqual([expect.objectContaining({ status: 'CAPTURED', provider: 'STRIPE' })]);
    const create = stripe.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.includes(checkoutId),
    );
    expect(create?.idempotencyKey).toMatch(/^openshelf:checkout:.+:charge:/);
  });

  it('manual capture (delayCapture) authorizes; the merchant captures once; cancel voids another', async () => {
    const me = visitorToken('v-stripe-manual');
    const first = await shopperCheckout(t.app, me, [lineItem(mug.id)]);
    const authorized = await createOrder(me, first, {
      paymentMethod: stripeMethod('pm_card_visa'),
      delayCapture: true,
    });
    expect(authorized.statusCode, authorized.body).toBe(200);
    const intentId = authorized.json().paymentGatewayOrderId;
    expect(stripe.intents.get(intentId)?.status).toBe('requires_capture');
    expect((await orderOf(authorized.json().orderId)).paymentStatus).toBe('AUTHORIZED');
    const captured = await send(owner, 'POST', `/admin-api/v1/orders/${authorized.json().orderId}/capture`);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json().order.paymentStatus).toBe('PAID');
    expect(stripe.intents.get(intentId)?.status).toBe('succeeded');
    const captureCalls = stripe.requests.filter((r) => r.path === `/v1/payment_intents/${intentId}/capture`);
    expect(captureCalls).toHaveLength(1);
    expect(captureCalls[0]?.idempotencyKey).toMatch(/^openshelf:payment:.+:capture$/);

    const second = await shopperCheckout(t.app, me, [lineItem(mug.id)]);
    const held = await createOrder(me, second, {
      paymentMethod: stripeMethod('pm_card_visa'),
      delayCapture: true,
    });
    const canceled = await send(owner, 'POST', `/admin-api/v1/orders/${held.json().orderId}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(stripe.intents.get(held.json().paymentGatewayOrderId)?.status).toBe('canceled');
  });

  it('cancelling a paid order refunds it in Stripe', async () => {
    const me = visitorToken('v-stripe-refund');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id)]);
    const paid = await createOrder(me, checkoutId, { paymentMethod: stripeMethod('pm_card_mastercard') });
    const canceled = await send(owner, 'POST', `/admin-api/v1/orders/${paid.json().orderId}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const intent = stripe.intents.get(paid.json().paymentGatewayOrderId);
    expect(stripe.charges.get(intent?.latest_charge ?? '')).toMatchObject({ refunded: true });
    expect(canceled.json().order.paymentStatus).toBe('REFUNDED');
  });

  it('a reply lost after Stripe charged: the client retries with the same key, one charge, one order', async () => {
    const me = visitorToken('v-stripe-drop');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id)]);
    const before = stripe.intents.size;
    stripe.dropNextReply((path) => path === '/v1/payment_intents');
    const reply = await createOrder(me, checkoutId, { paymentMethod: stripeMethod('pm_card_visa') });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(stripe.intents.size - before).toBe(1);
    const attempts = stripe.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.includes(checkoutId),
    );
    expect(attempts.length).toBe(2);
    expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
    // The buyer retrying too gets the same order; Stripe is not asked to charge again.
    const again = await createOrder(me, checkoutId, { paymentMethod: stripeMethod('pm_card_visa') });
    expect(again.json().orderId).toBe(reply.json().orderId);
    expect(stripe.intents.size - before).toBe(1);
  });

  it('a decline leaves no order, stock or coupon use behind', async () => {
    const me = visitorToken('v-stripe-decline');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id, 3)], { couponCode: 'SAVE10' });
    const stock = await stockOf(mug);
    const reply = await createOrder(me, checkoutId, {
      paymentMethod: stripeMethod('pm_card_chargeDeclined'),
    });
    expect(reply.statusCode).toBe(402);
    expect(reply.json().details.applicationError).toMatchObject({
      code: 'PAYMENT_DECLINED',
      data: { reason: 'GENERIC_DECLINE' },
    });
    expect(reply.json().details.applicationError.description).toContain('Your card was declined.');
    expect(await ordersOf(checkoutId)).toBe(0);
    expect(await stockOf(mug)).toBe(stock);
    const couponId = couponIds.SAVE10 as string;
    expect((await getCoupon(t.database.db, couponId)).uses).toBe(0);
    // The same checkout then pays with a good card: now the stock and the coupon use are taken.
    const paid = await createOrder(me, checkoutId, { paymentMethod: stripeMethod('pm_card_visa') });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await getCoupon(t.database.db, couponId)).uses).toBe(1);
    expect(await stockOf(mug)).toBe(stock - 3);
  });

  it('a card asking for 3-D Secure: 402 with what Stripe.js needs, then the confirmed PaymentIntent pays', async () => {
    const me = visitorToken('v-stripe-3ds');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id)]);
    const reply = await createOrder(me, checkoutId, {
      paymentMethod: stripeMethod('pm_card_authenticationRequired'),
    });
    expect(reply.statusCode).toBe(402);
    const { code, data } = reply.json().details.applicationError;
    expect(code).toBe('PAYMENT_AUTHENTICATION_REQUIRED');
    expect(data.clientSecret).toMatch(/_secret_/);
    expect(await ordersOf(checkoutId)).toBe(0);
    // The buyer completes the bank's page in the browser.
    const done = await fetch(`${stripe.url}/3ds/${data.paymentIntentId}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const paid = await createOrder(me, checkoutId, {
      paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId: data.paymentIntentId } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderOf(paid.json().orderId)).paymentStatus).toBe('PAID');
  });

  it('a member saves a card (a Stripe Customer of theirs) and pays with it again', async () => {
    const ann = memberToken('m-stripe-ann');
    const first = await shopperCheckout(t.app, ann, [lineItem(mug.id)]);
    const saved = await createOrder(ann, first, {
      paymentMethod: stripeMethod('pm_card_visa'),
      savePaymentMethod: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const methods = (await send(ann, 'GET', '/ecom/v1/payment-methods')).json().paymentMethods;
    expect(methods).toEqual([expect.objectContaining({ provider: 'STRIPE', brand: 'VISA', last4: '4242' })]);
    const firstIntent = stripe.intents.get(saved.json().paymentGatewayOrderId);
    expect(firstIntent?.customer).toMatch(/^cus_/);
    expect(firstIntent?.setup_future_usage).toBe('off_session');

    const second = await shopperCheckout(t.app, ann, [lineItem(mug.id, 2)]);
    const chosen = await send(ann, 'POST', `/ecom/v1/checkouts/${second}/select-payment-method`, {
      paymentMethod: { type: 'SAVED_METHOD', savedPaymentMethodId: methods[0].id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const reused = await createOrder(ann, second, { id: second });
    expect(reused.statusCode, reused.body).toBe(200);
    const intent = stripe.intents.get(reused.json().paymentGatewayOrderId);
    expect(intent?.customer).toBe(firstIntent?.customer);
    expect(stripe.customers.size).toBe(1);
    expect((await orderOf(reused.json().orderId)).paymentStatus).toBe('PAID');
  });

  it('a Stripe payment method chosen before create-order is described by Stripe (protocol clients)', async () => {
    const me = visitorToken('v-stripe-select');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id)]);
    const unknown = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/select-payment-method`, {
      paymentMethod: stripeMethod('pm_nonexistent'),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.validationError.fieldViolations[0].field).toBe(
      'paymentMethod.stripe.paymentMethodId',
    );
    const chosen = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/select-payment-method`, {
      paymentMethod: stripeMethod('pm_card_mastercard'),
    });
    expect(chosen.json().paymentMethod).toMatchObject({
      type: 'CARD_TOKEN',
      card: { brand: 'MASTERCARD', last4: '4444' },
    });
    const paid = await createOrder(me, checkoutId, { id: checkoutId });
    expect(paid.statusCode, paid.body).toBe(200);
    // Card numbers are refused when Stripe takes the cards.
    const other = await shopperCheckout(t.app, me, [lineItem(mug.id)]);
    const raw = await send(me, 'POST', `/ecom/v1/checkouts/${other}/select-payment-method`, {
      paymentMethod: {
        type: 'SANDBOX_CARD',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().details.applicationError.code).toBe('CARD_DATA_NOT_ACCEPTED');
  });

  it('payment settings name Stripe and its publishable key', async () => {
    const reply = await t.app.inject('/ecom/v1/payment-settings');
    expect(reply.json()).toEqual({
      cardProvider: 'STRIPE',
      stripe: { publishableKey: stripe.env.STRIPE_PUBLISHABLE_KEY, scriptUrl: stripe.env.STRIPE_JS_URL },
    });
  });
});

describe('Stripe out of reach', () => {
  // Builds a second app of its own (Stripe's address closed), hence the longer time under load.
  it('is a 503 saying a retry is safe; no order, no stock taken, the checkout stays open', {
    timeout: 90_000,
  }, async () => {
    const closed = await startFakeStripe();
    const env = { ...closed.env, STRIPE_TIMEOUT_MS: '500' };
    await closed.close();
    const down = await createTestApp({ env });
    try {
      await setUpTestStore(down.database.db);
      const lamp = await createTestProduct(down.database.db, {
        name: 'Lamp',
        priceMinor: 4000,
        stock: { trackInventory: true, quantity: 3 },
      });
      const me = visitorToken('v-stripe-down');
      const checkoutId = await shopperCheckout(down.app, me, [lineItem(lamp.id)]);
      const reply = await down.app.inject({
        method: 'POST',
        url: `/ecom/v1/checkouts/${checkoutId}/create-order`,
        headers: { authorization: me },
        payload: { paymentMethod: stripeMethod('pm_card_visa') },
      });
      expect(reply.statusCode).toBe(503);
      expect(reply.json().details.applicationError.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect(reply.json().details.applicationError.description).toMatch(/retrying is safe/);
      const [row] = await queryRows<{ n: string }>(down.database.db, sql`SELECT count(*) AS n FROM orders`);
      expect(Number(row?.n)).toBe(0);
      const product = (await down.app.inject(`/stores-reader/v1/products/${lamp.id}`)).json().product;
      expect(product.stock.quantity).toBe(3);
      const checkout = await down.app.inject({
        url: `/ecom/v1/checkouts/${checkoutId}`,
        headers: { authorization: me },
      });
      expect(checkout.json().checkout.completed ?? false).toBe(false);
    } finally {
      await down.close();
    }
  });
});
