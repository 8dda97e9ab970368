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
import { createTestApp, type TestApp, visitorToken } from '../../../testing/index.js';

// Issue 35, fault 3, with Stripe (the real `stripe` client against the local fake of its API). Before,
// every retry after Stripe had charged sent new parameters under the same idempotency key, so Stripe
// refused it (409 PAYMENT_IN_PROGRESS, every time) and only a webhook could place the order.
let now = new Date();
let stripe: FakeStripe;
let t: TestApp;
let mug: TestProduct;
beforeAll(async () => {
  stripe = await startFakeStripe();
  // A short timeout: the slow-Stripe case waits for it three times (the client retries twice).
  t = await createTestApp({ env: { ...stripe.env, STRIPE_TIMEOUT_MS: '400' }, clock: () => now });
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, {
    name: 'Mug',
    priceMinor: 1250,
    stock: { trackInventory: true, quantity: 100 },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let shoppers = 0;
const send = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload });
const checkout = async () => {
  const token = visitorToken(`v-stripe-recovery-${++shoppers}`);
  return { token, checkoutId: await shopperCheckout(t.app, token, [lineItem(mug.id)]) };
};
const order = (token: string, checkoutId: string) =>
  send(token, `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    paymentMethod: { type: 'STRIPE', stripe: { paymentMethodId: 'pm_card_visa' } },
  });
const ordersOf = (checkoutId: string) =>
  queryRows<{ reference: string }>(
    t.database.db,
    sql`SELECT p.provider_reference AS reference FROM orders o JOIN payments p ON p.order_id = o.id
        WHERE o.checkout_id = ${checkoutId}`,
  );
const intentsFor = (checkoutId: string) =>
  [...stripe.intents.values()].filter((intent) => intent.metadata.checkout_id === checkoutId);
const loseConfirmations = (times: number) => {
  for (let i = 0; i < times; i++) stripe.dropNextReply((path) => path.endsWith('/confirm'));
};
const reconcileLater = () => {
  now = new Date(now.getTime() + 10 * 60_000);
  return t.app.jobs.paymentReconciliation.runOnce();
};

describe('Stripe payments that lost their way', () => {
  it('charged, every reply lost: 503 with Retry-After, and the retry places the order with that payment', async () => {
    const { token, checkoutId } = await checkout();
    loseConfirmations(3);
    const lost = await order(token, checkoutId);
    expect(lost.statusCode, lost.body).toBe(503);
    expect(lost.headers['retry-after']).toBe('5');
    expect(lost.json().details.applicationError.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const [intent] = intentsFor(checkoutId);
    expect(intent?.status).toBe('succeeded');

    const retried = await order(token, checkoutId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().paymentGatewayOrderId).toBe(intent?.id);
    expect(await ordersOf(checkoutId)).toEqual([{ reference: intent?.id }]);
    expect(intentsFor(checkoutId)).toHaveLength(1);
    // Every request under a key had the same parameters (the fake refuses others with Stripe's 400).
    expect(stripe.requests.filter((r) => r.idempotencyKey?.includes(checkoutId)).length).toBeGreaterThan(3);
  });

  it('a Stripe slower than the timeout: the client retries under the same key, one payment, one order', async () => {
    const { token, checkoutId } = await checkout();
    stripe.slowNextReply((path) => path.endsWith('/confirm'), 1500);
    const reply = await order(token, checkoutId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(intentsFor(checkoutId)).toHaveLength(1);
    expect(await ordersOf(checkoutId)).toEqual([{ reference: intentsFor(checkoutId)[0]?.id }]);
  });

  it('charged, no retry, no webhook: the reconciliation job places the order', async () => {
    const { token, checkoutId } = await checkout();
    loseConfirmations(3);
    expect((await order(token, checkoutId)).statusCode).toBe(503);
    expect(await reconcileLater()).toMatchObject({ placed: 1 });
    expect(await ordersOf(checkoutId)).toEqual([{ reference: intentsFor(checkoutId)[0]?.id }]);
    expect(intentsFor(checkoutId)).toHaveLength(1);
  });

  it('the reply of its creation lost: the retry uses that very PaymentIntent', async () => {
    const { token, checkoutId } = await checkout();
    for (let i = 0; i < 3; i++) stripe.dropNextReply((path) => path === '/v1/payment_intents');
    expect((await order(token, checkoutId)).statusCode).toBe(503);
    expect(intentsFor(checkoutId).map((intent) => intent.status)).toEqual(['requires_confirmation']);
    const retried = await order(token, checkoutId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(intentsFor(checkoutId).map((intent) => intent.status)).toEqual(['succeeded']);
  });

  it('paid in the browser, the tab closed, no webhook: the job places the order', async () => {
    const { token, checkoutId } = await checkout();
    const prepared = (await send(token, `/ecom/v1/checkouts/${checkoutId}/payment-intent`, {})).json();
    const confirmed = await stripe.confirmInBrowser(
      prepared.paymentIntentId,
      prepared.clientSecret,
      '4242424242424242',
    );
    expect(confirmed.status).toBe(200);
    expect(await reconcileLater()).toMatchObject({ placed: 1 });
    expect(await ordersOf(checkoutId)).toEqual([{ reference: prepared.paymentIntentId }]);
  });

  it('a browser payment never made: looked at sparingly, and left alone', async () => {
    const { token, checkoutId } = await checkout();
    const prepared = (await send(token, `/ecom/v1/checkouts/${checkoutId}/payment-intent`, {})).json();
    expect(await reconcileLater()).toMatchObject({ waiting: 1 });
    // Its next look is an hour on, not at every round.
    expect(await reconcileLater()).toMatchObject({ looked: 0 });
    expect(stripe.intents.get(prepared.paymentIntentId)?.status).toBe('requires_payment_method');
  });
});
