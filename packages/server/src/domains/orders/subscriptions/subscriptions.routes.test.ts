import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../../testing/ecom.js';
import { createTestApp, memberToken, type TestApp, visitorToken } from '../../../testing/index.js';
import { SANDBOX_CARDS } from '../../payments/providers/sandbox-card.provider.js';

const now = new Date('2026-04-01T09:00:00Z');
let t: TestApp;
let coffee: TestProduct;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await setUpTestStore(t.database.db);
  coffee = await createTestProduct(t.database.db, {
    name: 'Coffee beans',
    priceMinor: 1800,
    subscriptionOptions: {
      oneTimePurchase: true,
      subscriptions: [
        {
          id: 'weekly',
          title: 'Every 2 weeks',
          visible: true,
          frequency: 'WEEK',
          interval: 2,
          billingCycles: 0,
          discount: { type: 'PERCENT', value: 0 },
        },
      ],
    },
  });
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

async function orderSubscription(token: string): Promise<string> {
  await send(token, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    lineItems: [lineItem(coffee.id, 2, { subscriptionOptionId: 'weekly' })],
  });
  const { checkoutId } = (await send(token, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
  await send(token, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    checkout: { buyerInfo: { email: 'member@example.com' } },
  });
  const placed = await send(token, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    paymentMethod: {
      type: 'SANDBOX_CARD',
      card: { number: SANDBOX_CARDS.success[0], expMonth: 12, expYear: 2030, cvc: '123' },
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderId;
}

describe('GET /ecom/v1/subscriptions', () => {
  it('lists the member’s own subscriptions with their schedule, and no one else’s', async () => {
    const alice = memberToken('m-alice', 'v-alice');
    const orderId = await orderSubscription(alice);
    await orderSubscription(memberToken('m-bob', 'v-bob'));

    const mine = await send(alice, 'GET', '/ecom/v1/subscriptions');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().subscriptions).toEqual([
      expect.objectContaining({
        orderId,
        title: 'Every 2 weeks',
        planId: 'weekly',
        frequency: 'WEEK',
        interval: 2,
        billingCycles: 0,
        cyclesBilled: 1,
        price: expect.objectContaining({ amount: '36.00' }),
        status: 'ACTIVE',
        startDate: now.toISOString(),
        nextBillingDate: '2026-04-15T09:00:00.000Z',
      }),
    ]);
    expect((await send(memberToken('m-carol'), 'GET', '/ecom/v1/subscriptions')).json()).toEqual({
      subscriptions: [],
    });
  });

  it('lists a visitor’s own subscriptions, not those of the member the visitor became', async () => {
    const visitor = visitorToken('v-dave');
    const orderId = await orderSubscription(visitor);
    expect((await send(visitor, 'GET', '/ecom/v1/subscriptions')).json().subscriptions).toEqual([
      expect.objectContaining({ orderId, status: 'ACTIVE' }),
    ]);
    // Alice's subscription was bought as a member: her old visitor token does not see it.
    expect((await send(visitorToken('v-alice'), 'GET', '/ecom/v1/subscriptions')).json()).toEqual({
      subscriptions: [],
    });
  });

  it('needs a visitor or member: anonymous callers get 401', async () => {
    expect((await t.app.inject('/ecom/v1/subscriptions')).statusCode).toBe(401);
  });
});
