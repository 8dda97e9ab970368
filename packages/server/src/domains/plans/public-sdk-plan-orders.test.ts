import { orders, plans, plansV3 } from '@wix/pricing-plans';
import { createClient as createWixClient, OAuthStrategy } from '@wix/sdk';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore } from '../../testing/ecom.js';
import { createClient, memberTokens, registerMember, uniqueEmail } from '../../testing/identity.js';
import { merchantKey, type TestApp } from '../../testing/index.js';
import { createTestPlan } from '../../testing/orders.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-card.provider.js';
import { planOnSaleForLine } from './plans.service.js';

// The unchanged public @wix/pricing-plans client with the tokens a headless site has — OAuthStrategy
// visitor tokens, then a signed-in member's — against a listening server: the plans a template shows,
// the member's plan orders its paywall reads after a purchase, and the member canceling one.
let t: TestApp;
let owner: string;
let clientId: string;
let restoreFetch: () => void = () => {};
const ids: Record<string, string> = {};

const CARD = {
  type: 'SANDBOX_CARD',
  card: { number: SANDBOX_CARDS.success[0], expMonth: 12, expYear: 2040, cvc: '123' },
};

beforeAll(async () => {
  const listening = await listeningTestApp();
  t = listening.t;
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
  const mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
  for (const plan of [
    { name: 'Club', price: '12.00', durationDays: 30, buyerCanCancel: true, maxPurchasesPerBuyer: 1 },
    { name: 'Lifetime', price: '5.00' },
    { name: 'Later', price: '3.00', buyerCanCancel: true },
  ]) {
    ids[plan.name] = (await createTestPlan(t.app, owner, { productIds: [mug.id], ...plan })).id;
  }
  restoreFetch = routeWixSdkTo(listening.base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const modules = { plans, plansV3, orders };

async function visitorClient() {
  const auth = OAuthStrategy({ clientId });
  auth.setTokens(await auth.generateVisitorTokens());
  return createWixClient({ auth, modules });
}

/** A member signed in through OAuth, as the SDK holds them, with the raw access token for our own calls. */
async function memberClient() {
  const { sessionToken } = await registerMember(t, { email: uniqueEmail('plans') });
  const tokens = await memberTokens(t, { clientId, sessionToken });
  const auth = OAuthStrategy({
    clientId,
    tokens: {
      accessToken: {
        value: tokens.access_token,
        expiresAt: Math.floor(Date.now() / 1000) + tokens.expires_in,
      },
      refreshToken: { value: tokens.refresh_token, role: 'member' as never },
    },
  });
  return {
    wix: createWixClient({ auth, modules }),
    accessToken: tokens.access_token,
    memberId: decodeJwt(tokens.access_token).mid as string,
  };
}

/** Buys a plan through our existing purchase path (the hosted plan checkout's call). */
async function buy(accessToken: string, planId: string, paymentMethod?: object) {
  return t.app.inject({
    method: 'POST',
    url: `/_api/plans/v1/plans/${planId}/purchase`,
    headers: { authorization: accessToken },
    payload: { buyerEmail: 'buyer@example.com', ...(paymentMethod ? { paymentMethod } : {}) },
  });
}

/** A date the client turned into a Date (it does for the paths the typings declare), in ms. */
function timeOf(value: Date | null | undefined): number {
  if (!(value instanceof Date)) throw new Error(`expected a Date, got ${String(value)}`);
  return value.getTime();
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    (value) => expect.fail(`expected a refusal, got ${JSON.stringify(value)}`),
    (error: unknown) => error as { status: number; details: Record<string, unknown> },
  );

describe('@wix/pricing-plans with OAuthStrategy tokens', () => {
  it('shows a visitor the plans, a plan by id, and refuses them the member calls', async () => {
    const wix = await visitorClient();
    const listed = await wix.plans.queryPublicPlans().find();
    expect(listed.items.map((plan) => plan.name)).toEqual(['Club', 'Lifetime', 'Later']);
    expect(listed.items[0]).toMatchObject({ buyerCanCancel: true, maxPurchasesPerBuyer: 1 });
    expect(listed.items[1]).toMatchObject({ buyerCanCancel: false, maxPurchasesPerBuyer: 0 });
    // The v2 `Plan` of getPlan says whether the plan has orders (none yet).
    expect(await wix.plans.getPlan(ids.Club as string)).toMatchObject({ _id: ids.Club, hasOrders: false });

    // The headless Plan component's call, exactly.
    const [club] = (
      await wix.plansV3
        .queryPlans()
        .eq('_id', ids.Club as string)
        .eq('visibility', 'PUBLIC')
        .find()
    ).items;
    expect(club).toMatchObject({
      _id: ids.Club,
      name: 'Club',
      currency: 'USD',
      buyerCanCancel: true,
      purchaseLimits: [{ type: 'PER_MEMBER_LIFETIME', maxCount: 1 }],
      pricingVariants: [{ _id: ids.Club, pricingStrategies: [{ flatRate: { amount: '12.00' } }] }],
    });

    const refused = await errorOf(wix.orders.memberListOrders({ planIds: [ids.Club as string] }));
    expect(refused.status).toBe(403);
    expect(refused.details).toMatchObject({ applicationError: { code: 'PERMISSION_DENIED' } });
    const cancel = await errorOf(wix.orders.requestCancellation('any-order', 'IMMEDIATELY'));
    expect(cancel.status).toBe(403);
  });

  it('gives a member their plan orders by plan, status, payment and sort, in the platform’s Order shape', async () => {
    const { wix, accessToken, memberId } = await memberClient();
    const paid = await buy(accessToken, ids.Club as string, CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    const later = await buy(accessToken, ids.Later as string);
    expect(later.json().paymentStatus).toBe('NOT_PAID');
    expect((await wix.plans.getPlan(ids.Club as string)).hasOrders).toBe(true);

    // The headless PlanPaywall's call, exactly.
    const active = await wix.orders.memberListOrders({
      planIds: [ids.Club as string],
      orderStatuses: ['ACTIVE'],
    });
    expect(active.orders).toHaveLength(1);
    const [order] = active.orders ?? [];
    expect(order).toMatchObject({
      _id: paid.json().orderId,
      planId: ids.Club,
      subscriptionId: paid.json().orderId,
      buyer: { memberId, contactId: memberId },
      type: 'ONLINE',
      status: 'ACTIVE',
      lastPaymentStatus: 'PAID',
      planName: 'Club',
      planPrice: '12.00',
      priceDetails: {
        singlePaymentForDuration: { count: 30, unit: 'DAY' },
        subtotal: '12.00',
        discount: '0.00',
        tax: { includedInPrice: false, rate: '0.00', amount: '0.00' },
        total: '12.00',
        currency: 'USD',
      },
      pricing: {
        singlePaymentForDuration: { count: 30, unit: 'DAY' },
        prices: [{ duration: { cycleFrom: 1, numberOfCycles: 1 }, price: { total: '12.00' } }],
      },
      currentCycle: { index: 1 },
    });
    // The client turns the declared date paths into Dates: the membership's 30 days.
    expect(order?.startDate).toBeInstanceOf(Date);
    const days = (timeOf(order?.endDate) - timeOf(order?.startDate)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(order?.cancellation).toBeUndefined();

    const unpaid = await wix.orders.memberListOrders({ paymentStatuses: ['UNPAID'] });
    expect(unpaid.orders?.map((o) => [o.planName, o.status])).toEqual([['Later', 'DRAFT']]);
    // A nested option (sorting) makes the client send all of them as `.r`: every one still applies.
    const oldestFirst = await wix.orders.memberListOrders({
      orderStatuses: ['ACTIVE', 'DRAFT'],
      sorting: { fieldName: '_createdDate', order: 'ASC' },
      limit: 1,
    });
    expect(oldestFirst.orders?.map((o) => o.planName)).toEqual(['Club']);
    expect(oldestFirst.pagingMetadata).toMatchObject({ count: 1, total: 2 });
    const newestFirst = await wix.orders.memberListOrders({
      sorting: { fieldName: 'createdDate', order: 'DESC' },
    });
    expect(newestFirst.orders?.map((o) => o.planName)).toEqual(['Later', 'Club']);
    expect((await wix.orders.memberListOrders({ autoRenewCanceled: true })).orders).toEqual([]);
    expect((await wix.orders.memberListOrders({ orderStatuses: ['PAUSED'] })).orders).toEqual([]);

    // What cannot be honoured is named, not ignored.
    const badSort = await errorOf(wix.orders.memberListOrders({ sorting: { fieldName: 'planName' } }));
    expect(badSort.status).toBe(400);
    expect(JSON.stringify(badSort.details)).toContain('sorting.fieldName');
    const tooMany = await errorOf(wix.orders.memberListOrders({ limit: 51 }));
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.details)).toMatch(/limit/);

    const one = await wix.orders.memberGetOrder(later.json().orderId, { fieldSet: 'FULL' });
    expect(one).toMatchObject({ planId: ids.Later, status: 'DRAFT', lastPaymentStatus: 'UNPAID' });
    const other = await memberClient();
    const notTheirs = await errorOf(other.wix.orders.memberGetOrder(later.json().orderId));
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.details).toMatchObject({ applicationError: { code: 'NOT_FOUND' } });
  });
});

describe('requestCancellation', () => {
  it('ends the membership at once, reads CANCELED by the member, and is one cancellation under retries and races', async () => {
    const { wix, accessToken } = await memberClient();
    const orderId = (await buy(accessToken, ids.Club as string, CARD)).json().orderId as string;

    const later = await errorOf(wix.orders.requestCancellation(orderId, 'NEXT_PAYMENT_DATE'));
    expect(later.status).toBe(400);
    expect(later.details).toMatchObject({
      validationError: { fieldViolations: [expect.objectContaining({ violatedRule: 'VALIDATION' })] },
    });
    expect(JSON.stringify(later.details)).toContain('effectiveAt');
    expect((await wix.orders.memberGetOrder(orderId)).status).toBe('ACTIVE');

    // Two at once: both succeed, one cancellation.
    await Promise.all([
      wix.orders.requestCancellation(orderId, 'IMMEDIATELY'),
      wix.orders.requestCancellation(orderId, 'IMMEDIATELY'),
    ]);
    const canceled = await wix.orders.memberGetOrder(orderId);
    expect(canceled).toMatchObject({
      status: 'CANCELED',
      cancellation: { cause: 'MEMBER_ACTION', effectiveAt: 'IMMEDIATELY' },
    });
    expect(canceled.currentCycle).toBeUndefined();
    const requested = timeOf(canceled.cancellation?.requestedDate);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await wix.orders.requestCancellation(orderId, 'IMMEDIATELY');
    const again = await wix.orders.memberGetOrder(orderId);
    expect(timeOf(again.cancellation?.requestedDate)).toBe(requested);
    expect(timeOf(again.endDate)).toBe(requested);

    // The membership ended then; the paywall's call no longer finds an active order.
    const memberships = (
      await t.app.inject({ url: '/_api/plans/v1/memberships', headers: { authorization: accessToken } })
    ).json().memberships as { orderId?: string; expiresAt?: string }[];
    const membership = memberships.find((m) => m.orderId === orderId);
    expect(Date.parse(membership?.expiresAt as string)).toBe(requested);
    expect(
      (await wix.orders.memberListOrders({ planIds: [ids.Club as string], orderStatuses: ['ACTIVE'] }))
        .orders,
    ).toEqual([]);
    // Nothing was refunded, so the once-per-buyer plan stays bought.
    const rebuy = await buy(accessToken, ids.Club as string, CARD);
    expect(rebuy.statusCode).toBe(409);
    expect(rebuy.json().details.applicationError.code).toBe('PLAN_ALREADY_PURCHASED');
    // Another member cannot cancel it (nor learn it exists).
    const other = await memberClient();
    const notTheirs = await errorOf(other.wix.orders.requestCancellation(orderId, 'IMMEDIATELY'));
    expect(notTheirs.status).toBe(404);
  });

  it('refuses a plan that does not let buyers cancel and an order not paid yet, changing nothing', async () => {
    const { wix, accessToken } = await memberClient();
    const lifetime = (await buy(accessToken, ids.Lifetime as string, CARD)).json().orderId as string;
    const unpaid = (await buy(accessToken, ids.Later as string)).json().orderId as string;
    for (const [orderId, reason] of [
      [lifetime, 'BUYER_CANNOT_CANCEL'],
      [unpaid, 'NOT_PAID'],
    ] as const) {
      const refused = await errorOf(wix.orders.requestCancellation(orderId, 'IMMEDIATELY'));
      expect(refused.status, reason).toBe(400);
      expect(refused.details).toMatchObject({
        applicationError: { code: 'FAILED_PRECONDITION', data: { orderId, reason } },
      });
    }
    expect((await wix.orders.memberGetOrder(lifetime)).status).toBe('ACTIVE');
    expect((await wix.orders.memberGetOrder(unpaid)).status).toBe('DRAFT');
  });

  it('shows an order the store canceled as CANCELED by the owner', async () => {
    const { wix, accessToken } = await memberClient();
    const orderId = (await buy(accessToken, ids.Lifetime as string, CARD)).json().orderId as string;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/admin-api/v1/orders/${orderId}/cancel`,
      headers: { authorization: owner },
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (let round = 0; round < 3; round++) await t.app.dispatcher.runOnce();
    expect(await wix.orders.memberGetOrder(orderId)).toMatchObject({
      status: 'CANCELED',
      cancellation: { cause: 'OWNER_ACTION', effectiveAt: 'IMMEDIATELY' },
    });
    // Canceling it again as the member is the same outcome, not an error.
    await wix.orders.requestCancellation(orderId, 'IMMEDIATELY');
  });
});

describe('planOnSaleForLine (the plan an ecom checkout line names)', () => {
  it('answers the plan for its id and its one pricing variant; else 404 PLAN_NOT_FOUND or 400 naming the variant', async () => {
    const db = t.database.db;
    expect((await planOnSaleForLine(db, { planId: ids.Club as string })).name).toBe('Club');
    expect(
      (await planOnSaleForLine(db, { planId: ids.Club as string, pricingVariantId: ids.Club as string })).id,
    ).toBe(ids.Club);
    await expect(planOnSaleForLine(db, { planId: 'no-such-plan' })).rejects.toMatchObject({
      code: 'PLAN_NOT_FOUND',
      status: 404,
    });
    await expect(
      planOnSaleForLine(db, {
        planId: ids.Club as string,
        pricingVariantId: ids.Lifetime as string,
        variantField: 'lineItems[0].catalogReference.options.planOptions.pricingVariantId',
      }),
    ).rejects.toMatchObject({
      status: 400,
      violations: [
        expect.objectContaining({
          field: 'lineItems[0].catalogReference.options.planOptions.pricingVariantId',
        }),
      ],
    });
  });
});
