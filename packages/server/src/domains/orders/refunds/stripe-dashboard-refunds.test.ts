import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { lineItem, shopperCheckout } from '../../../testing/ecom.js';
import type { FakeStripe } from '../../../testing/fake-stripe/index.js';
import { type StripeTestStore, startStripeTestStore } from '../../../testing/fake-stripe/store.js';
import { type TestApp, visitorToken } from '../../../testing/index.js';

// Refunds made in Stripe's dashboard reach the store by webhook only (issue #22): each is recorded as
// our own refunds are, once, however its events arrive — and our own refunds' events record nothing more.
let stripe: FakeStripe;
let t: TestApp;
let owner: string;
let store: StripeTestStore;
let webhookUrl: string;
beforeAll(async () => {
  store = await startStripeTestStore({ webhookTo: { autoDeliver: false } });
  ({ stripe, t, owner } = store);
  webhookUrl = `${t.app.listeningOrigin}/payments/v1/stripe/webhook`;
});
afterAll(() => store.close());

const send = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

/** A mug (12.50) bought by a visitor, paid through the Payment Element; the order id and its intent. */
async function paidOrder(visitor: string, quantity = 2) {
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

const eventsFor = (refundId: string) =>
  stripe.events.filter((event) => {
    const object = event.data.object as { id?: string; refunds?: { data: { id: string }[] } };
    return object.id === refundId || object.refunds?.data.some((refund) => refund.id === refundId);
  });
const outcome = async (reply: Response) => ((await reply.json()) as { outcome: string }).outcome;
const adminOrder = async (orderId: string) =>
  (await send(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order;
const refundsOf = (orderId: string) =>
  rows<{ amount_minor: string; transactions: { providerRefundId?: string }[]; reason: string | null }>(
    sql`SELECT amount_minor, transactions, reason FROM order_refunds WHERE order_id = ${orderId} ORDER BY created_date`,
  );
const eventCount = async (type: string, orderId: string) =>
  Number(
    (
      await rows<{ n: string }>(
        sql`SELECT count(*) AS n FROM outbox_events WHERE type = ${type} AND (entity_id = ${orderId} OR payload->>'orderId' = ${orderId})`,
      )
    )[0]?.n,
  );

describe('refunds made in Stripe’s dashboard', () => {
  it('a partial one is recorded once from its events delivered twice and at once, then the rest in full', async () => {
    const { orderId, intentId } = await paidOrder('v-dash');
    const partial = stripe.refundInDashboard(intentId, 500);
    const events = eventsFor(partial.id);
    expect(events.map((event) => event.type).sort()).toEqual(['charge.refunded', 'refund.created']);
    // Each event twice, all four at once: the refund is recorded by exactly one of them.
    const outcomes = await Promise.all(
      [...events, ...events].map(async (event) => outcome(await stripe.deliver(event))),
    );
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(2);

    const recorded = await refundsOf(orderId);
    expect(recorded).toHaveLength(1);
    expect(Number(recorded[0]?.amount_minor)).toBe(500);
    expect(recorded[0]?.transactions[0]?.providerRefundId).toBe(partial.id);
    let order = await adminOrder(orderId);
    expect(order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(JSON.stringify(order.activities)).toContain("Refunded $5.00 in Stripe's dashboard");
    const transactions = (await send(owner, 'GET', `/ecom/v1/payments/orders/${orderId}`)).json()
      .orderTransactions;
    expect(transactions.refundable.amount.amount).toBe('20.00');
    expect(await eventCount('ecom.refund.created', orderId)).toBe(1);

    // A replay later (Stripe retries for days) changes nothing.
    expect(await outcome(await stripe.deliver(events[0] as Stripe.Event))).toBe('duplicate');
    // The rest, refunded in the dashboard too: in full now, exactly as our own refunds end.
    const rest = stripe.refundInDashboard(intentId);
    for (const event of eventsFor(rest.id)) await stripe.deliver(event);
    order = await adminOrder(orderId);
    expect(order.paymentStatus).toBe('FULLY_REFUNDED');
    expect((await refundsOf(orderId)).map((row) => Number(row.amount_minor))).toEqual([500, 2000]);
    expect(await eventCount('ecom.refund.created', orderId)).toBe(2);

    // The buyer is e-mailed for each, as for our own refunds.
    for (let round = 0; round < 3; round++) await t.app.dispatcher.runOnce();
    const mails = await rows<{ key: string }>(
      sql`SELECT key FROM order_notifications WHERE order_id = ${orderId} AND key LIKE 'refund:%'`,
    );
    expect(mails).toHaveLength(2);
  });

  it('our own refund’s events, delivered while the API records it and again after, add nothing', async () => {
    const { orderId, intentId } = await paidOrder('v-own');
    const [line] = (await adminOrder(orderId)).lineItems;
    // Stripe sends the refund's events while our API call is still recording it.
    stripe.setWebhookUrl(webhookUrl, true);
    const refund = await send(owner, 'POST', '/ecom/v1/order-billing/refund-payments', {
      orderId,
      details: { items: [{ lineItemId: line.id, quantity: 1 }] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await stripe.delivered();
    stripe.setWebhookUrl(webhookUrl, false);
    const [stripeRefund] = [...stripe.refunds.values()].filter((entry) => entry.payment_intent === intentId);
    expect(stripeRefund?.metadata.openshelf_key).toMatch(/^refund:/);
    for (const event of eventsFor(stripeRefund?.id ?? ''))
      expect(await outcome(await stripe.deliver(event))).toBe('duplicate');

    const recorded = await refundsOf(orderId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.transactions[0]?.providerRefundId).toBe(stripeRefund?.id);
    expect((await adminOrder(orderId)).paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(await eventCount('ecom.refund.created', orderId)).toBe(1);
  });
});
