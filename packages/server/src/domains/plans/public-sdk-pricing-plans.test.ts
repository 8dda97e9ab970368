import { orders, plans, plansV3 } from '@wix/pricing-plans';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore } from '../../testing/ecom.js';
import { memberToken, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { createTestPlan } from '../../testing/orders.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';

// The unchanged public @wix/pricing-plans client as Wix's headless templates call it: the minimal
// template's `plans.queryPublicPlans().find()`, the headless components' `plansV3.queryPlans()`.
let t: TestApp;
let owner: string;
let restoreFetch: () => void = () => {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  const listening = await listeningTestApp();
  t = listening.t;
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  const mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
  for (const plan of [
    { name: 'Gold', price: '19.99', durationDays: 30, perks: ['Free mugs', 'Early access'] },
    { name: 'Silver', price: '9.50' },
    { name: 'Bronze', price: '0' },
    { name: 'Retired', price: '5', active: false },
  ]) {
    ids[plan.name] = (await createTestPlan(t.app, owner, { productIds: [mug.id], ...plan })).id;
  }
  restoreFetch = routeWixSdkTo(listening.base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const visitor = () =>
  createClient({
    modules: { plans, plansV3 },
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: visitorToken('plans-sdk') } }) },
  });
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('@wix/pricing-plans against this server', () => {
  it('lists and queries the public plans in the v2 shape, never one off sale', async () => {
    const wix = visitor();
    const found = await wix.plans.queryPublicPlans().find();
    expect(found.items.map((plan) => plan.name)).toEqual(['Gold', 'Silver', 'Bronze']);
    expect(found.items[0]).toMatchObject({
      _id: ids.Gold,
      perks: { values: ['Free mugs', 'Early access'] },
      pricing: {
        singlePaymentForDuration: { count: 30, unit: 'DAY' },
        price: { value: '19.99', currency: 'USD' },
      },
    });
    expect(found.items[1]?.pricing).toMatchObject({ singlePaymentUnlimited: true, price: { value: '9.50' } });
    // The fields the client's typings allow: _id, slug, primary and the dates.
    const bySlug = await wix.plans
      .queryPublicPlans()
      .eq('slug', ids.Silver as string)
      .find();
    expect(bySlug.items.map((plan) => plan._id)).toEqual([ids.Silver]);
    expect((await wix.plans.queryPublicPlans().eq('primary', true).find()).items).toEqual([]);
    const newest = await wix.plans.queryPublicPlans().descending('_createdDate').limit(2).find();
    expect(newest.items.map((plan) => plan.name)).toEqual(['Bronze', 'Silver']);
    expect(newest.totalCount).toBe(3);
    const listed = await wix.plans.listPublicPlans({
      planIds: [ids.Bronze as string, ids.Retired as string],
    });
    expect(listed.plans?.map((plan) => plan._id)).toEqual([ids.Bronze]);
    expect((await wix.plans.getPlan(ids.Gold as string)).name).toBe('Gold');
    const retired = await errorOf(wix.plans.getPlan(ids.Retired as string));
    expect(retired).toMatchObject({ details: { applicationError: { code: 'PLAN_NOT_FOUND' } } });
    // An app that goes around the typings gets a 400 naming the field, not an answer that ignores it.
    const badField = await errorOf(
      wix.plans
        .queryPublicPlans()
        .eq('price' as 'slug', '5')
        .find(),
    );
    expect(badField).toMatchObject({
      details: {
        validationError: {
          fieldViolations: [expect.objectContaining({ violatedRule: 'FIELD_NOT_ALLOWED' })],
        },
      },
    });
  });

  it('queries plans in the v3 shape, by id and by page, with one pricing variant whose id is the plan’s', async () => {
    const wix = visitor();
    const some = await wix.plansV3
      .queryPlans()
      .eq('visibility', 'PUBLIC')
      .in('_id', [ids.Gold as string, ids.Bronze as string, ids.Retired as string])
      .find();
    expect(some.items.map((plan) => plan._id)).toEqual([ids.Gold, ids.Bronze]);
    const [gold] = (
      await wix.plansV3
        .queryPlans()
        .eq('_id', ids.Gold as string)
        .find()
    ).items;
    expect(gold).toMatchObject({
      name: 'Gold',
      visibility: 'PUBLIC',
      currency: 'USD',
      pricingVariants: [
        {
          _id: ids.Gold,
          pricingStrategies: [{ flatRate: { amount: '19.99' } }],
          billingTerms: { billingCycle: { period: 'DAY', count: '30' }, endType: 'CYCLES_COMPLETED' },
        },
      ],
      perks: [{ description: 'Free mugs' }, { description: 'Early access' }],
    });
    const first = await wix.plansV3.queryPlans().limit(2).find();
    expect(first.items).toHaveLength(2);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((plan) => plan.name)).toEqual(['Bronze']);
    expect(second.hasNext()).toBe(false);
    expect((await wix.plansV3.getPlan(ids.Silver as string)).name).toBe('Silver');
  });

  it('lists and reads a member’s own plan orders, filtered by plan and status; another’s is a 404', async () => {
    const buy = (member: string, planId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/_api/plans/v1/plans/${planId}/purchase`,
        headers: { authorization: memberToken(member) },
        payload: { buyerEmail: `${member}@example.com` },
      });
    const paid = await buy('plan-buyer', ids.Bronze as string);
    expect(paid.statusCode, paid.body).toBe(200);
    const unpaid = await buy('plan-buyer', ids.Silver as string);
    expect(unpaid.json().paymentStatus).toBe('NOT_PAID');
    const member = createClient({
      modules: { orders },
      auth: { getAuthHeaders: async () => ({ headers: { Authorization: memberToken('plan-buyer') } }) },
    });
    const active = await member.orders.memberListOrders({
      planIds: [ids.Bronze as string],
      orderStatuses: [orders.OrderStatus.ACTIVE],
    });
    expect(active.orders).toMatchObject([
      {
        _id: paid.json().orderId,
        planId: ids.Bronze,
        status: 'ACTIVE',
        planName: 'Bronze',
        // A free plan: no payment was needed.
        lastPaymentStatus: 'NOT_APPLICABLE',
      },
    ]);
    const all = await member.orders.memberListOrders();
    expect(all.orders?.map((order) => [order.planName, order.status])).toEqual([
      // Not paid yet: the platform's online order awaiting its payment.
      ['Silver', 'DRAFT'],
      ['Bronze', 'ACTIVE'],
    ]);
    const one = await member.orders.memberGetOrder(unpaid.json().orderId);
    expect(one).toMatchObject({ planId: ids.Silver, status: 'DRAFT', priceDetails: { total: '9.50' } });
    const someoneElse = createClient({
      modules: { orders },
      auth: { getAuthHeaders: async () => ({ headers: { Authorization: memberToken('plan-other') } }) },
    });
    expect(await errorOf(someoneElse.orders.memberGetOrder(unpaid.json().orderId))).toMatchObject({
      details: { applicationError: { code: 'NOT_FOUND' } },
    });
    expect((await someoneElse.orders.memberListOrders()).orders).toEqual([]);
    const visitorOrders = await errorOf(
      createClient({
        modules: { orders },
        auth: { getAuthHeaders: async () => ({ headers: { Authorization: visitorToken('plan-v') } }) },
      }).orders.memberListOrders(),
    );
    expect(visitorOrders).toMatchObject({ details: { applicationError: { code: 'PERMISSION_DENIED' } } });
  });
});
