import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestProduct,
  lineItem,
  setUpTestStore,
  shopperCheckout,
  type TestProduct,
} from '../../../testing/ecom.js';
import {
  createTestApp,
  memberToken,
  merchantKey,
  type TestApp,
  testDatabaseKind,
  visitorToken,
} from '../../../testing/index.js';
import { SANDBOX_CARDS } from '../../payments/providers/sandbox-card.provider.js';
import { renewalOrderIds } from './subscription-billing.service.js';

// Subscription billing with the injectable clock: the job is run by hand (runOnce) as time moves.
let now = new Date('2026-03-01T12:00:00Z');
let t: TestApp;
let coffee: TestProduct;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  coffee = await createTestProduct(t.database.db, {
    name: 'Coffee beans',
    priceMinor: 1800,
    subscriptionOptions: {
      oneTimePurchase: false,
      subscriptions: [
        {
          id: 'monthly-3',
          title: 'Monthly, three deliveries',
          visible: true,
          frequency: 'MONTH',
          interval: 1,
          billingCycles: 3,
          discount: { type: 'PERCENT', value: 1000 },
        },
      ],
    },
  });
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const card = {
  type: 'SANDBOX_CARD',
  card: { number: SANDBOX_CARDS.success[0], expMonth: 12, expYear: 2099, cvc: '123' },
};
const bill = () => t.app.jobs.subscriptionBilling.runOnce();
const mySubscriptions = async (token: string) =>
  (await send(token, 'GET', '/ecom/v1/subscriptions')).json().subscriptions;
const adminOrder = async (id: string) =>
  (await send(owner, 'GET', `/admin-api/v1/orders/${id}`)).json().order;

async function subscribe(
  token: string,
  payment: object,
): Promise<{ orderId: string; subscriptionId: string }> {
  const checkoutId = await shopperCheckout(t.app, token, [
    lineItem(coffee.id, 1, { subscriptionOptionId: 'monthly-3' }),
  ]);
  const placed = await send(token, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, payment);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json();
}

describe(`subscription billing (${testDatabaseKind()})`, () => {
  const ann = memberToken('m-sub-ann');

  it('bills each due cycle once through the saved card, advancing the schedule, and ends after the last', async () => {
    const { orderId, subscriptionId } = await subscribe(ann, {
      paymentMethod: card,
      savePaymentMethod: true,
    });
    const first = await adminOrder(orderId);
    expect(await bill()).toEqual({ billed: 0, paid: 0, ended: 0, failed: 0 });
    expect(await mySubscriptions(ann)).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        status: 'ACTIVE',
        cyclesBilled: 1,
        billingCycles: 3,
        price: expect.objectContaining({ amount: '16.20' }),
        nextBillingDate: '2026-04-01T12:00:00.000Z',
      }),
    ]);

    now = new Date('2026-04-01T12:00:00Z');
    expect(await bill()).toEqual({ billed: 1, paid: 1, ended: 0, failed: 0 });
    const [renewalId] = await renewalOrderIds(t.database.db, subscriptionId);
    const renewal = await adminOrder(renewalId as string);
    expect(renewal).toMatchObject({
      paymentStatus: 'PAID',
      buyerInfo: expect.objectContaining({ memberId: 'm-sub-ann' }),
      payments: [expect.objectContaining({ status: 'CAPTURED' })],
    });
    expect(renewal.lineItems).toHaveLength(1);
    expect(renewal.lineItems[0].productName.original).toBe('Coffee beans');
    // The subscription price again, taxed as the first order was; no shipping, no one-time discounts.
    expect(renewal.priceSummary.subtotal.amount).toBe('16.20');
    expect(renewal.priceSummary.tax.amount).toBe(first.lineItems[0].taxDetails?.totalTax?.amount ?? '0.00');
    expect((await mySubscriptions(ann))[0]).toMatchObject({
      cyclesBilled: 2,
      nextBillingDate: '2026-05-01T12:00:00.000Z',
    });
    expect(await bill()).toEqual({ billed: 0, paid: 0, ended: 0, failed: 0 });

    // Two runners at once (two processes): the due cycle is billed once.
    now = new Date('2026-05-02T08:00:00Z');
    const rounds = await Promise.all([bill(), bill()]);
    expect(rounds.reduce((sum, round) => sum + round.billed, 0)).toBe(1);
    expect(await renewalOrderIds(t.database.db, subscriptionId)).toHaveLength(2);
    const ended = (await mySubscriptions(ann))[0];
    expect(ended).toMatchObject({ status: 'ENDED', cyclesBilled: 3 });
    expect(ended.nextBillingDate).toBeUndefined();

    now = new Date('2026-07-01T12:00:00Z');
    expect(await bill()).toEqual({ billed: 0, paid: 0, ended: 0, failed: 0 });
  });

  it('without a saved method the renewal waits for the merchant (NOT_PAID); buyers cancel their own', async () => {
    now = new Date('2026-08-01T09:00:00Z');
    const buyer = visitorToken('v-sub-offline');
    const { subscriptionId } = await subscribe(buyer, {});
    now = new Date('2026-09-01T09:00:00Z');
    expect(await bill()).toMatchObject({ billed: 1, paid: 0 });
    const [renewalId] = await renewalOrderIds(t.database.db, subscriptionId);
    expect((await adminOrder(renewalId as string)).paymentStatus).toBe('NOT_PAID');

    expect(
      (await send(visitorToken('v-sub-other'), 'POST', `/ecom/v1/subscriptions/${subscriptionId}/cancel`))
        .statusCode,
    ).toBe(404);
    expect(await mySubscriptions(visitorToken('v-sub-other'))).toEqual([]);
    const canceled = await send(buyer, 'POST', `/ecom/v1/subscriptions/${subscriptionId}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().subscription).toMatchObject({
      status: 'CANCELED',
      canceledDate: now.toISOString(),
    });
    const again = await send(owner, 'POST', `/admin-api/v1/subscriptions/${subscriptionId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().details.applicationError.code).toBe('SUBSCRIPTION_NOT_ACTIVE');
    now = new Date('2026-12-01T09:00:00Z');
    expect(await bill()).toMatchObject({ billed: 0 });
  });

  it('a merchant cancels any subscription; shoppers cannot use the merchant path', async () => {
    now = new Date('2027-01-01T09:00:00Z');
    const bob = memberToken('m-sub-bob');
    const { subscriptionId } = await subscribe(bob, {});
    expect((await send(bob, 'POST', `/admin-api/v1/subscriptions/${subscriptionId}/cancel`)).statusCode).toBe(
      403,
    );
    const canceled = await send(owner, 'POST', `/admin-api/v1/subscriptions/${subscriptionId}/cancel`);
    expect(canceled.json().subscription.status).toBe('CANCELED');
    now = new Date('2027-03-01T09:00:00Z');
    expect(await bill()).toMatchObject({ billed: 0 });
  });

  it('one subscription that cannot be renewed does not stop the others', async () => {
    now = new Date('2027-04-01T09:00:00Z');
    const broken = await subscribe(memberToken('m-sub-broken'), {});
    const fine = await subscribe(memberToken('m-sub-fine'), {});
    await t.database.db.execute(sql`DELETE FROM orders WHERE id = ${broken.orderId}`);
    now = new Date('2027-05-01T09:00:00Z');
    expect(await bill()).toMatchObject({ billed: 1, failed: 1 });
    expect(await renewalOrderIds(t.database.db, fine.subscriptionId)).toHaveLength(1);
    expect(await renewalOrderIds(t.database.db, broken.subscriptionId)).toHaveLength(0);
  });
});
