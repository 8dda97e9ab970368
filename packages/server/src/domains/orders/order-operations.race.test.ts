import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import { createTestApp, merchantKey, type TestApp, testDatabaseKind } from '../../testing/index.js';
import { placeTestOrder, recordingGateway } from '../../testing/orders.js';

// Refunds and shipments racing on one order. On PostgreSQL these are real races between pooled
// connections (the order row lock is what keeps them exact); on PGlite they are serialised, and the
// same outcomes must hold.
let t: TestApp;
let owner: string;
let lamp: TestProduct;
const gateway = recordingGateway(() => new Date());

beforeAll(async () => {
  t = await createTestApp({ paymentProviders: { SANDBOX_CARD: gateway.provider } });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  lamp = await createTestProduct(t.database.db, { name: 'Lamp', priceMinor: 4000 });
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: owner }, payload });

describe(`refund and shipment races (${testDatabaseKind()})`, () => {
  it('20 concurrent refunds of $5.00 never give back more than was paid', async () => {
    const orderId = await placeTestOrder(t.app, 'v-race-refund', [{ productId: lamp.id, quantity: 1 }]);
    const order = (
      await t.app.inject({ url: `/admin-api/v1/orders/${orderId}`, headers: { authorization: owner } })
    ).json().order;
    const paid = Math.round(Number(order.priceSummary.total.amount) * 100);
    const replies = await Promise.all(
      // Each its own reason: twenty refunds meant, not one sent twenty times (refused as a duplicate).
      Array.from({ length: 20 }, (_, index) =>
        post('/ecom/v1/order-billing/refund-payments', {
          orderId,
          paymentRefunds: [{ amount: '5.00' }],
          details: { reason: `Goodwill ${index + 1}` },
        }),
      ),
    );
    const ok = replies.filter((reply) => reply.statusCode === 200);
    // A $40 lamp with NY shipping and tax is paid well under $100: some refunds must be refused.
    expect(ok.length).toBe(Math.floor(paid / 500));
    for (const reply of replies.filter((r) => r.statusCode !== 200)) {
      expect([400, 409], reply.body).toContain(reply.statusCode);
    }
    const tx = (
      await t.app.inject({ url: `/ecom/v1/payments/orders/${orderId}`, headers: { authorization: owner } })
    ).json().orderTransactions;
    const refunded = tx.refunds.reduce(
      (sum: number, refund: { amount: { amount: string } }) =>
        sum + Math.round(Number(refund.amount.amount) * 100),
      0,
    );
    expect(refunded).toBe(ok.length * 500);
    expect(refunded).toBeLessThanOrEqual(paid);
    expect(Math.round(Number(tx.payments[0].refundedAmount.amount) * 100)).toBe(refunded);
    // The gateway was asked exactly as often as refunds were recorded.
    const asked = gateway.refunds.filter((entry) =>
      tx.refunds.some((r: { id: string }) => entry.idempotencyKey.includes(r.id)),
    );
    expect(asked).toHaveLength(ok.length);
  });

  it('the same refund sent 5 times at once (a double click) is given back once', async () => {
    const orderId = await placeTestOrder(t.app, 'v-race-twice', [{ productId: lamp.id, quantity: 1 }]);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/ecom/v1/order-billing/refund-payments', { orderId, paymentRefunds: [{ amount: '5.00' }] }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const tx = (
      await t.app.inject({ url: `/ecom/v1/payments/orders/${orderId}`, headers: { authorization: owner } })
    ).json().orderTransactions;
    expect(tx.refunds).toHaveLength(1);
  });

  it('10 concurrent shipments of one unit each never ship more than was ordered', async () => {
    const orderId = await placeTestOrder(t.app, 'v-race-ship', [{ productId: lamp.id, quantity: 3 }]);
    const line = (
      await t.app.inject({ url: `/admin-api/v1/orders/${orderId}`, headers: { authorization: owner } })
    ).json().order.lineItems[0];
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(`/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
          fulfillment: {
            lineItems: [{ id: line.id, quantity: 1 }],
            trackingInfo: { trackingNumber: `T${index}` },
          },
        }),
      ),
    );
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(3);
    expect(replies.filter((reply) => reply.statusCode === 400)).toHaveLength(7);
    const shipments = (
      await t.app.inject({
        url: `/ecom/v1/fulfillments/orders/${orderId}`,
        headers: { authorization: owner },
      })
    ).json().orderWithFulfillments.fulfillments;
    expect(shipments).toHaveLength(3);
    const order = (
      await t.app.inject({ url: `/admin-api/v1/orders/${orderId}`, headers: { authorization: owner } })
    ).json().order;
    expect(order.fulfillmentStatus).toBe('FULFILLED');
  });
});
