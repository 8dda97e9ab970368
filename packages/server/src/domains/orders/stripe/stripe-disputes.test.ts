import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineItem, shopperCheckout } from '../../../testing/ecom.js';
import type { FakeStripe } from '../../../testing/fake-stripe/index.js';
import { type StripeTestStore, startStripeTestStore } from '../../../testing/fake-stripe/store.js';
import { type TestApp, visitorToken } from '../../../testing/index.js';

// Chargebacks and failed payments reported by Stripe's webhook (issue #22): each on the order's timeline
// once, and each dispute's state (amount, reason, status, won or lost) on the merchant's order.
let stripe: FakeStripe;
let t: TestApp;
let owner: string;
let store: StripeTestStore;
beforeAll(async () => {
  store = await startStripeTestStore({ webhookTo: { autoDeliver: false } });
  ({ stripe, t, owner } = store);
});
afterAll(() => store.close());

const send = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const outcome = async (reply: Response) => ((await reply.json()) as { outcome: string }).outcome;
const last = () => stripe.events.at(-1) as Stripe.Event;
const adminOrder = async (orderId: string) =>
  (await send(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order;
const timeline = async (orderId: string) =>
  ((await adminOrder(orderId)).activities as { type: string; message: string }[]).filter((a) =>
    /DISPUTE|PAYMENT_FAILED/.test(a.type),
  );

async function paidOrder(visitor: string, card = '4242424242424242') {
  const me = visitorToken(visitor);
  const checkoutId = await shopperCheckout(t.app, me, [lineItem(store.mug.id, 2)]);
  const prepared = (await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/payment-intent`, {})).json();
  const confirmed = await stripe.confirmInBrowser(prepared.paymentIntentId, prepared.clientSecret, card);
  if (confirmed.status !== 200) return { intentId: prepared.paymentIntentId as string, orderId: '' };
  const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId: prepared.paymentIntentId } },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return { orderId: placed.json().orderId as string, intentId: prepared.paymentIntentId as string };
}

describe('disputes and failed payments from Stripe', () => {
  it('a dispute opened twice at once, reviewed, then lost: one entry each, its state on the order', async () => {
    const { orderId, intentId } = await paidOrder('v-dispute');
    const dispute = stripe.openDispute(intentId, { reason: 'product_not_received' });
    const created = last();
    const outcomes = await Promise.all(
      [stripe.deliver(created), stripe.deliver(created)].map(async (r) => outcome(await r)),
    );
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    let order = await adminOrder(orderId);
    expect(order.disputes).toEqual([
      expect.objectContaining({
        id: dispute.id,
        reason: 'product_not_received',
        status: 'needs_response',
        amount: expect.objectContaining({ amount: '25.00' }),
      }),
    ]);

    stripe.updateDispute(dispute.id, 'under_review');
    const reviewed = last();
    expect(await outcome(await stripe.deliver(reviewed))).toBe('applied');
    stripe.closeDispute(dispute.id, 'lost');
    expect(await outcome(await stripe.deliver(last()))).toBe('applied');
    // The review's event again, late and under a new id (Stripe does not promise order): a closed
    // dispute stays closed.
    const late = { ...reviewed, id: `${reviewed.id}_late` } as Stripe.Event;
    expect(await outcome(await stripe.deliver(late))).toBe('ignored');

    order = await adminOrder(orderId);
    expect(order.disputes).toHaveLength(1);
    expect(order.disputes[0].status).toBe('lost');
    const entries = await timeline(orderId);
    expect(entries.map((entry) => entry.type)).toEqual([
      'DISPUTE_OPENED',
      'DISPUTE_UPDATED',
      'DISPUTE_CLOSED',
    ]);
    expect(entries[0]?.message).toContain('product not received');
    expect(entries[2]?.message).toBe('Dispute lost: $25.00 went back to the buyer');
    // A shopper's own order read does not show the merchant's dispute panel.
    const own = await send(visitorToken('v-dispute'), 'GET', `/ecom/v1/orders/${orderId}`);
    expect(own.json().order.disputes).toBeUndefined();
  });

  it('a failed payment: at checkout nothing is recorded; on an order’s payment, a timeline entry once', async () => {
    const declined = await paidOrder('v-declined', '4000000000000002');
    expect(declined.orderId).toBe('');
    const failed = stripe.events.find(
      (event) =>
        event.type === 'payment_intent.payment_failed' &&
        (event.data.object as { id: string }).id === declined.intentId,
    ) as Stripe.Event;
    expect(await outcome(await stripe.deliver(failed))).toBe('ignored');

    // The same failure on a payment an order holds (as a renewal's would be): noted once.
    const { orderId, intentId } = await paidOrder('v-failed-later');
    const onOrder = {
      ...failed,
      id: `${failed.id}_order`,
      data: { object: { ...(failed.data.object as object), id: intentId } },
    } as Stripe.Event;
    const outcomes = await Promise.all(
      [stripe.deliver(onOrder), stripe.deliver(onOrder)].map(async (r) => outcome(await r)),
    );
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const entries = await timeline(orderId);
    expect(entries).toEqual([
      expect.objectContaining({ type: 'PAYMENT_FAILED', message: 'Payment failed: Your card was declined.' }),
    ]);
    expect((await adminOrder(orderId)).paymentStatus).toBe('PAID');
  });
});
