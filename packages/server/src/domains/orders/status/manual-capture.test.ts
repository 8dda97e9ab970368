import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { lineItem, shopperCheckout } from '../../../testing/ecom.js';
import type { FakeStripe } from '../../../testing/fake-stripe/index.js';
import { type StripeTestStore, startStripeTestStore } from '../../../testing/fake-stripe/store.js';
import { type TestApp, testDatabaseKind, visitorToken } from '../../../testing/index.js';

// The store's "authorize only, capture manually" setting (issue #22): the owner sets it, the hosted
// checkout's PaymentIntent is then made with capture_method=manual, and the merchant captures or voids
// each order's authorization at Stripe (the local fake, through the real `stripe` client).
let stripe: FakeStripe;
let t: TestApp;
let owner: string;
let store: StripeTestStore;
beforeAll(async () => {
  store = await startStripeTestStore();
  ({ stripe, t, owner } = store);
});
afterAll(() => store.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const setCapture = (cardCapture: unknown) =>
  send(owner, 'PATCH', '/admin-api/v1/store-settings', { settings: { cardCapture } });
const adminOrder = async (orderId: string) =>
  (await send(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order;
const stockOfMug = async (): Promise<number> =>
  (await t.app.inject(`/stores-reader/v1/products/${store.mug.id}`)).json().product.stock.quantity;
const updatedEvents = async (orderId: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.database.db,
        sql`SELECT count(*) AS n FROM outbox_events WHERE type = 'ecom.order.updated' AND entity_id = ${orderId}`,
      )
    )[0]?.n,
  );

/** A visitor pays by card through the hosted checkout's Payment Element; returns the order and intent. */
async function buyByCard(visitor: string, quantity = 1) {
  const me = visitorToken(visitor);
  const checkoutId = await shopperCheckout(t.app, me, [lineItem(store.mug.id, quantity)]);
  const prepared = (await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/payment-intent`, {})).json();
  await stripe.confirmInBrowser(prepared.paymentIntentId, prepared.clientSecret, '4242424242424242');
  const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId: prepared.paymentIntentId } },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return { orderId: placed.json().orderId as string, intentId: prepared.paymentIntentId as string };
}

describe(`card capture setting (${testDatabaseKind()})`, () => {
  it('is AUTOMATIC by default; only AUTOMATIC or MANUAL are accepted, named in the 400', async () => {
    const read = await send(owner, 'GET', '/admin-api/v1/store-settings');
    expect(read.json().settings.cardCapture).toBe('AUTOMATIC');
    const bad = await setCapture('LATER');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('cardCapture');
    expect((await send(owner, 'GET', '/admin-api/v1/store-settings')).json().settings.cardCapture).toBe(
      'AUTOMATIC',
    );
    // Capturing at once stays the default: the order is paid.
    const { orderId, intentId } = await buyByCard('v-auto');
    expect(stripe.intents.get(intentId)?.capture_method).toBe('automatic');
    expect((await adminOrder(orderId)).paymentStatus).toBe('PAID');
  });

  it('MANUAL: the checkout only authorizes; the merchant captures it once', async () => {
    expect((await setCapture('MANUAL')).json().settings.cardCapture).toBe('MANUAL');
    const { orderId, intentId } = await buyByCard('v-manual');
    expect(stripe.intents.get(intentId)).toMatchObject({
      capture_method: 'manual',
      status: 'requires_capture',
    });
    const order = await adminOrder(orderId);
    expect(order).toMatchObject({
      paymentStatus: 'AUTHORIZED',
      payments: [expect.objectContaining({ provider: 'STRIPE', status: 'AUTHORIZED' })],
    });
    const captured = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/capture`, {});
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json().order.paymentStatus).toBe('PAID');
    expect(stripe.intents.get(intentId)?.status).toBe('succeeded');
    const voided = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/void`, {});
    expect(voided.statusCode).toBe(409);
    expect(voided.json().details.applicationError.code).toBe('NOTHING_TO_VOID');
  });

  it('void releases the authorization at Stripe, once; the order stays open until cancelled', async () => {
    await setCapture('MANUAL');
    const stockBefore = await stockOfMug();
    const { orderId, intentId } = await buyByCard('v-void', 2);
    expect(await stockOfMug()).toBe(stockBefore - 2);
    const eventsBefore = await updatedEvents(orderId);

    const voided = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/void`, {});
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().order).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'VOIDED',
      payments: [expect.objectContaining({ status: 'VOIDED' })],
    });
    expect(stripe.intents.get(intentId)?.status).toBe('canceled');
    expect(voided.json().order.activities).toContainEqual(
      expect.objectContaining({ type: 'PAYMENT_VOIDED' }),
    );
    expect(await updatedEvents(orderId)).toBe(eventsBefore + 1);
    // The stock stays with the open order (it may still be paid another way).
    expect(await stockOfMug()).toBe(stockBefore - 2);

    // Sent again: nothing changes, no second event or timeline entry.
    const again = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/void`, {});
    expect(again.statusCode).toBe(200);
    expect(await updatedEvents(orderId)).toBe(eventsBefore + 1);
    const voidEntries = (await adminOrder(orderId)).activities.filter(
      (entry: { type: string }) => entry.type === 'PAYMENT_VOIDED',
    );
    expect(voidEntries).toHaveLength(1);
    const capture = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/capture`, {});
    expect(capture.json().details.applicationError.code).toBe('NOTHING_TO_CAPTURE');

    // Cancelling it returns the stock, and keeps the payment status VOIDED.
    const canceled = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/cancel`, {});
    expect(canceled.json().order).toMatchObject({ status: 'CANCELED', paymentStatus: 'VOIDED' });
    expect(await stockOfMug()).toBe(stockBefore);
    const afterCancel = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/void`, {});
    expect(afterCancel.json().details.applicationError.code).toBe('ORDER_CANCELED');
    await setCapture('AUTOMATIC');
  });
});
