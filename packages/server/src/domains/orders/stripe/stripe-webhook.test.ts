import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { createTestProduct, lineItem, shopperCheckout, type TestProduct } from '../../../testing/ecom.js';
import type { FakeStripe } from '../../../testing/fake-stripe/index.js';
import { type StripeTestStore, startStripeTestStore } from '../../../testing/fake-stripe/store.js';
import { type TestApp, visitorToken } from '../../../testing/index.js';

// Stripe's webhooks against a listening app: signatures, and events applied once however they arrive.
let stripe: FakeStripe;
let t: TestApp;
let owner: string;
let mug: TestProduct;
let store: StripeTestStore;
beforeAll(async () => {
  store = await startStripeTestStore({ webhookTo: { autoDeliver: false } });
  ({ stripe, t, owner, mug } = store);
});
afterAll(() => store.close());

const send = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(t.database.db, query))[0]?.n);
const ordersOf = (checkoutId: string) =>
  count(sql`SELECT count(*) AS n FROM orders WHERE checkout_id = ${checkoutId}`);
const eventOf = (intentId: string, type: string) => {
  const event = stripe.events.find(
    (e) => e.type === type && (e.data.object as { id?: string; payment_intent?: string }).id === intentId,
  );
  if (!event) throw new Error(`no ${type} event for ${intentId}`);
  return event;
};
const chargeEventOf = (intentId: string) => {
  const event = stripe.events.find(
    (e) => e.type === 'charge.refunded' && (e.data.object as Stripe.Charge).payment_intent === intentId,
  );
  if (!event) throw new Error(`no charge.refunded event for ${intentId}`);
  return event;
};

/** A checkout paid in the browser with the Payment Element (the fake confirms as Stripe.js does). */
async function paidInBrowser(me: string, quantity = 1, card = '4242424242424242') {
  const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id, quantity)]);
  const prepared = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/payment-intent`, {});
  expect(prepared.statusCode, prepared.body).toBe(200);
  const { paymentIntentId, clientSecret } = prepared.json();
  const confirmed = await stripe.confirmInBrowser(paymentIntentId, clientSecret, card);
  return { checkoutId, paymentIntentId: paymentIntentId as string, confirmed };
}

describe('the Stripe webhook endpoint', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { checkoutId, paymentIntentId } = await paidInBrowser(visitorToken('v-wh-sig'));
    const event = eventOf(paymentIntentId, 'payment_intent.succeeded');
    const forged = await stripe.deliver(event, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`);
    expect(forged.status).toBe(400);
    expect(
      ((await forged.json()) as { details: { applicationError: { code: string } } }).details.applicationError
        .code,
    ).toBe('INVALID_SIGNATURE');
    const unsigned = await fetch(`${t.app.listeningOrigin}/payments/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await ordersOf(checkoutId)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM payment_provider_events`)).toBe(0);
  });

  it('places the order from payment_intent.succeeded when the buyer never came back', async () => {
    const { checkoutId, paymentIntentId } = await paidInBrowser(visitorToken('v-wh-alone'), 2);
    const reply = await stripe.deliver(eventOf(paymentIntentId, 'payment_intent.succeeded'));
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await ordersOf(checkoutId)).toBe(1);
    const [row] = await queryRows<{ payment_status: string }>(
      t.database.db,
      sql`SELECT payment_status FROM orders WHERE checkout_id = ${checkoutId}`,
    );
    expect(row?.payment_status).toBe('PAID');
    // Replayed: nothing happens twice.
    const replay = await stripe.deliver(eventOf(paymentIntentId, 'payment_intent.succeeded'));
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await ordersOf(checkoutId)).toBe(1);
  });

  it('delivered twice and concurrently with the buyer’s own create-order: one order, one claim', async () => {
    for (let round = 0; round < 5; round++) {
      const me = visitorToken(`v-wh-race-${round}`);
      const { checkoutId, paymentIntentId } = await paidInBrowser(me);
      const event = eventOf(paymentIntentId, 'payment_intent.succeeded');
      const [first, second, api] = await Promise.all([
        stripe.deliver(event),
        stripe.deliver(event),
        send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
          paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId } },
        }),
      ]);
      expect([first.status, second.status, api.statusCode]).toEqual([200, 200, 200]);
      const outcomes = [
        (await first.json()) as { outcome: string },
        (await second.json()) as { outcome: string },
      ];
      // One delivery claims the event and places the order unless the API did first ('ignored'); the other
      // finds the claim.
      const names = outcomes.map((o) => o.outcome);
      expect(names.filter((name) => name === 'duplicate')).toHaveLength(1);
      expect(['applied', 'ignored']).toContain(names.find((name) => name !== 'duplicate'));
      expect(await ordersOf(checkoutId)).toBe(1);
      expect(
        await count(sql`SELECT count(*) AS n FROM payments WHERE provider_reference = ${paymentIntentId}`),
      ).toBe(1);
      expect(
        await count(sql`SELECT count(*) AS n FROM payment_provider_events WHERE event_id = ${event.id}`),
      ).toBe(1);
      // Nothing was given back: the one payment pays the one order.
      expect(stripe.charges.get(stripe.intents.get(paymentIntentId)?.latest_charge ?? '')?.refunded).toBe(
        false,
      );
    }
  });

  it('charge.refunded after our own refund changes nothing; a refund made in Stripe is recorded once', async () => {
    const me = visitorToken('v-wh-refund');
    const ours = await paidInBrowser(me);
    const placed = await send(me, 'POST', `/ecom/v1/checkouts/${ours.checkoutId}/create-order`, {
      paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId: ours.paymentIntentId } },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const canceled = await send(owner, 'POST', `/admin-api/v1/orders/${placed.json().orderId}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().order.paymentStatus).toBe('REFUNDED');
    const after = await stripe.deliver(chargeEventOf(ours.paymentIntentId));
    expect(await after.json()).toEqual({ received: true, outcome: 'ignored' });

    // Refunded in Stripe's dashboard: the webhook is how the store learns it.
    const theirs = await paidInBrowser(me);
    const order = await send(me, 'POST', `/ecom/v1/checkouts/${theirs.checkoutId}/create-order`, {
      paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId: theirs.paymentIntentId } },
    });
    const refund = await fetch(`${stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.env.STRIPE_SECRET_KEY}` },
      body: new URLSearchParams({ payment_intent: theirs.paymentIntentId }),
    });
    expect(refund.status).toBe(200);
    const event = chargeEventOf(theirs.paymentIntentId);
    const [a, b] = await Promise.all([stripe.deliver(event), stripe.deliver(event)]);
    const outcomes = [
      ((await a.json()) as { outcome: string }).outcome,
      ((await b.json()) as { outcome: string }).outcome,
    ];
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const refunded = await send(owner, 'GET', `/admin-api/v1/orders/${order.json().orderId}`);
    expect(refunded.json().order.paymentStatus).toBe('FULLY_REFUNDED');
  });

  it('a payment for a checkout that changed while paying is given back, not kept', async () => {
    const me = visitorToken('v-wh-changed');
    const { checkoutId, paymentIntentId } = await paidInBrowser(me);
    await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/add-to-checkout`, {
      lineItems: [lineItem(mug.id)],
    });
    const reply = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId } },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().details.applicationError.code).toBe('PAYMENT_AMOUNT_CHANGED');
    expect(await ordersOf(checkoutId)).toBe(0);
    const intent = stripe.intents.get(paymentIntentId);
    expect(stripe.charges.get(intent?.latest_charge ?? '')?.refunded).toBe(true);
  });

  it('a checkout that cannot be ordered any more (sold out meanwhile) gives the payment back', async () => {
    const vase = await createTestProduct(t.database.db, {
      name: 'Vase',
      priceMinor: 3000,
      stock: { trackInventory: true, quantity: 1 },
    });
    const me = visitorToken('v-wh-soldout');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(vase.id)]);
    const prepared = (await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/payment-intent`, {})).json();
    await stripe.confirmInBrowser(prepared.paymentIntentId, prepared.clientSecret, '4242424242424242');
    // Someone else buys the last vase offline first.
    const rival = visitorToken('v-wh-rival');
    const rivalCheckout = await shopperCheckout(t.app, rival, [lineItem(vase.id)]);
    expect(
      (await send(rival, 'POST', `/ecom/v1/checkouts/${rivalCheckout}/create-order`, {})).statusCode,
    ).toBe(200);
    const reply = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId: prepared.paymentIntentId } },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().details.applicationError.description).toMatch(/payment was returned/);
    const intent = stripe.intents.get(prepared.paymentIntentId);
    expect(stripe.charges.get(intent?.latest_charge ?? '')?.refunded).toBe(true);
  });

  it('a declined card in the browser leaves no PaymentIntent paid and no order', async () => {
    const { checkoutId, paymentIntentId, confirmed } = await paidInBrowser(
      visitorToken('v-wh-decline'),
      1,
      '4000000000000002',
    );
    expect(confirmed.status).toBe(402);
    const reply = await send(
      visitorToken('v-wh-decline'),
      'POST',
      `/ecom/v1/checkouts/${checkoutId}/create-order`,
      {
        paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId } },
      },
    );
    expect(reply.statusCode).toBe(402);
    expect(reply.json().details.applicationError.code).toBe('PAYMENT_DECLINED');
    expect(await ordersOf(checkoutId)).toBe(0);
  });

  it('Stripe charged but every reply was lost: 503, then its webhook places the order and the retry finds it', async () => {
    const me = visitorToken('v-wh-lost');
    const checkoutId = await shopperCheckout(t.app, me, [lineItem(mug.id)]);
    const before = stripe.intents.size;
    // The confirmation's first try and the client's two retries all lose their reply; Stripe did charge.
    for (let i = 0; i < 3; i++) stripe.dropNextReply((path) => path.endsWith('/confirm'));
    const body = { paymentMethod: { type: 'STRIPE', stripe: { paymentMethodId: 'pm_card_visa' } } };
    const lost = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, body);
    const tries = stripe.requests.filter((r) => r.idempotencyKey?.includes(checkoutId));
    expect(lost.statusCode, JSON.stringify(tries)).toBe(503);
    expect(lost.json().details.applicationError.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await ordersOf(checkoutId)).toBe(0);
    expect(stripe.intents.size - before).toBe(1);
    const [intent] = [...stripe.intents.values()].slice(-1);
    expect(intent?.status).toBe('succeeded');
    // Stripe's event places the order from the checkout the payment names.
    const applied = await stripe.deliver(eventOf(intent?.id ?? '', 'payment_intent.succeeded'));
    expect(await applied.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await ordersOf(checkoutId)).toBe(1);
    // The shopper's retry gets that order; Stripe is not charged again.
    const retried = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, body);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await ordersOf(checkoutId)).toBe(1);
    expect(stripe.intents.size - before).toBe(1);
    expect(stripe.charges.get(intent?.latest_charge ?? '')?.refunded).toBe(false);
  });
});
