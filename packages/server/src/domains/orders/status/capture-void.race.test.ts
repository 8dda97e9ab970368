import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore, type TestProduct } from '../../../testing/ecom.js';
import { createTestApp, merchantKey, type TestApp, testDatabaseKind } from '../../../testing/index.js';
import { placeTestOrder } from '../../../testing/orders.js';
import type { PaymentProvider } from '../../payments/index.js';
import { sandboxCardProvider } from '../../payments/providers/sandbox-card.provider.js';

// Capture and void of one authorization racing each other, or sent twice: the sandbox gateway (the
// store's "authorize only" setting applies to it too) is asked once, and the order ends in one state.
// On PostgreSQL these are real races between pooled connections; on PGlite they are serialised.
let t: TestApp;
let owner: string;
let lamp: TestProduct;
const calls: { kind: 'capture' | 'void'; key: string }[] = [];
const sandbox = sandboxCardProvider(() => new Date());
const gateway: PaymentProvider = {
  ...sandbox,
  async capture(reference, amountMinor, options) {
    // A slow gateway widens the window in which the other request is waiting for the order's lock.
    await new Promise((resolve) => setTimeout(resolve, 20));
    calls.push({ kind: 'capture', key: options.idempotencyKey });
    await sandbox.capture(reference, amountMinor, options);
  },
  async void(reference, options) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    calls.push({ kind: 'void', key: options.idempotencyKey });
    await sandbox.void(reference, options);
  },
};

beforeAll(async () => {
  t = await createTestApp({ paymentProviders: { SANDBOX_CARD: gateway } });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  lamp = await createTestProduct(t.database.db, { name: 'Lamp', priceMinor: 4000 });
  const set = await post('/admin-api/v1/store-settings', { settings: { cardCapture: 'MANUAL' } }, 'PATCH');
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(() => t.close());

function post(url: string, payload: object, method: 'POST' | 'PATCH' = 'POST') {
  return t.app.inject({ method, url, headers: { authorization: owner }, payload });
}
const order = async (orderId: string) =>
  (await t.app.inject({ url: `/admin-api/v1/orders/${orderId}`, headers: { authorization: owner } })).json()
    .order;
// Every gateway call's idempotency key names the payment it moves.
const callsFor = (paymentId: string) => calls.filter((call) => call.key.includes(`:${paymentId}:`));

describe(`capture and void races (${testDatabaseKind()})`, () => {
  it('a sandbox card is only authorized when the store captures manually', async () => {
    const orderId = await placeTestOrder(t.app, 'v-auth-sandbox', [{ productId: lamp.id, quantity: 1 }]);
    expect(await order(orderId)).toMatchObject({
      paymentStatus: 'AUTHORIZED',
      payments: [expect.objectContaining({ provider: 'SANDBOX_CARD', status: 'AUTHORIZED' })],
    });
  });

  it('5 captures and 5 voids at once: one of them applies, the gateway is asked once', async () => {
    const orderId = await placeTestOrder(t.app, 'v-race-cv', [{ productId: lamp.id, quantity: 1 }]);
    const paymentId = (await order(orderId)).payments[0].id as string;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(`/admin-api/v1/orders/${orderId}/${index % 2 === 0 ? 'capture' : 'void'}`, {}),
      ),
    );
    const after = await order(orderId);
    expect(['PAID', 'VOIDED']).toContain(after.paymentStatus);
    const winner = after.paymentStatus === 'PAID' ? 'capture' : 'void';
    const actionOf = (index: number) => (index % 2 === 0 ? 'capture' : 'void');
    replies.forEach((reply, index) => {
      if (actionOf(index) === winner && winner === 'capture') {
        // The first capture applies; the others find nothing left to capture.
        expect([200, 409], reply.body).toContain(reply.statusCode);
      } else if (actionOf(index) === winner) {
        // Voids after the first are retries: answered with the voided order.
        expect(reply.statusCode, reply.body).toBe(200);
      } else {
        expect(reply.statusCode, reply.body).toBe(409);
        expect(reply.json().details.applicationError.code).toBe(
          winner === 'capture' ? 'NOTHING_TO_VOID' : 'NOTHING_TO_CAPTURE',
        );
      }
    });
    if (winner === 'capture') expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(callsFor(paymentId).map((call) => call.kind)).toEqual([winner]);
    expect(after.payments).toEqual([
      expect.objectContaining({ status: winner === 'capture' ? 'CAPTURED' : 'VOIDED' }),
    ]);
    const entries = after.activities.filter((entry: { type: string }) =>
      ['PAYMENT_CAPTURED', 'PAYMENT_VOIDED'].includes(entry.type),
    );
    expect(entries).toHaveLength(1);
  });

  it('a void sent twice at once releases the authorization once', async () => {
    const orderId = await placeTestOrder(t.app, 'v-race-vv', [{ productId: lamp.id, quantity: 1 }]);
    const paymentId = (await order(orderId)).payments[0].id as string;
    const replies = await Promise.all([
      post(`/admin-api/v1/orders/${orderId}/void`, {}),
      post(`/admin-api/v1/orders/${orderId}/void`, {}),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    expect(callsFor(paymentId).map((call) => call.kind)).toEqual(['void']);
    expect((await order(orderId)).paymentStatus).toBe('VOIDED');
  });
});
