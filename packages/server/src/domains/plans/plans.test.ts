import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import { createTestApp, memberToken, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { createTestPlan } from '../../testing/orders.js';
import { listEntityEvents } from '../events/events.service.js';
import type { OutgoingMail } from '../orders/emails/order-mail.service.js';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-card.provider.js';

// Paid plans sold as orders (ADR 028): prices to the cent, payment as checkouts take it, the order's
// event and e-mail, the membership granted on payment and usable at checkout, once-per-buyer plans sold
// once even to parallel purchases.
let t: TestApp;
let owner: string;
let mug: TestProduct;
const sent: OutgoingMail[] = [];

beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      async send(message) {
        sent.push(message);
      },
    },
  });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
});
afterAll(() => t.close());

const CARD = {
  type: 'SANDBOX_CARD',
  card: { number: SANDBOX_CARDS.success[0], expMonth: 12, expYear: 2040, cvc: '123' },
};

const send = (token: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });

const createPlan = (fields: Record<string, unknown>) =>
  createTestPlan(t.app, owner, { productIds: [mug.id], ...fields });

const purchase = (member: string, planId: string, body: object = {}) =>
  send(memberToken(member), 'POST', `/_api/plans/v1/plans/${planId}/purchase`, {
    buyerEmail: `${member}@example.com`,
    ...body,
  });

const membershipsOf = async (member: string) =>
  (await send(memberToken(member), 'GET', '/_api/plans/v1/memberships')).json().memberships as {
    id: string;
    planId: string;
    orderId?: string;
    expiresAt?: string;
    remainingCredits?: number;
  }[];

async function deliver() {
  for (let round = 0; round < 3; round++) await t.app.dispatcher.runOnce();
}

describe('plans on sale (admin and shoppers)', () => {
  it('keeps the price the merchant sets to the cent and shows plans on sale to anyone', async () => {
    const gold = await createPlan({
      name: 'Gold',
      price: '19.99',
      description: 'Two mugs a month',
      perks: ['2 mugs', 'Free refills'],
      credits: 2,
      durationDays: 30,
    });
    expect(gold.price).toBe('19.99');
    const hidden = await createPlan({ name: 'Retired', price: 5, active: false });
    const list = await send(undefined, 'GET', '/_api/plans/v1/plans');
    expect(list.statusCode).toBe(200);
    const plans = list.json().plans as { id: string }[];
    expect(plans.map((plan) => plan.id)).toContain(gold.id);
    expect(plans.map((plan) => plan.id)).not.toContain(hidden.id);
    const one = await send(undefined, 'GET', `/_api/plans/v1/plans/${gold.id}`);
    expect(one.json().plan).toMatchObject({
      name: 'Gold',
      description: 'Two mugs a month',
      perks: ['2 mugs', 'Free refills'],
      price: { amount: '19.99', formattedAmount: '$19.99' },
      credits: 2,
      durationDays: 30,
      productIds: [mug.id],
    });
    const gone = await send(undefined, 'GET', `/_api/plans/v1/plans/${hidden.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().details.applicationError.code).toBe('PLAN_NOT_FOUND');
  });

  it('refuses a bad price or purchase limit naming the field and the rule', async () => {
    for (const [fields, field, rule] of [
      [{ price: '1.999' }, 'membershipPlan.price', 'FORMAT'],
      [{ price: '-1' }, 'membershipPlan.price', 'FORMAT'],
      // 1 or null (no limit): a number fits the number branch only, so that branch's rule is named.
      [{ maxPurchasesPerBuyer: 2 }, 'membershipPlan.maxPurchasesPerBuyer', 'MAX'],
      [{ perks: [''] }, 'membershipPlan.perks[0]', 'MIN_LENGTH'],
    ] as const) {
      const reply = await send(owner, 'POST', '/admin-api/v1/membership-plans', {
        membershipPlan: { name: 'Bad', ...fields },
      });
      expect(reply.statusCode, JSON.stringify(fields)).toBe(400);
      const [violation] = reply.json().details.validationError.fieldViolations;
      expect(violation).toMatchObject({ field, violatedRule: rule });
      expect(violation.description).not.toBe('');
    }
  });
});

describe('buying a plan', () => {
  it('is an order paid by card: number, total to the cent, event, e-mail, and the membership at once', async () => {
    const plan = await createPlan({ name: 'Mug club', price: '19.99', credits: 2, durationDays: 30 });
    const reply = await purchase('m-card', plan.id, { paymentMethod: CARD });
    expect(reply.statusCode, reply.body).toBe(200);
    const bought = reply.json();
    expect(bought).toMatchObject({ paymentStatus: 'PAID', planOrderId: bought.orderId });
    expect(bought.membershipId).toEqual(expect.any(String));

    const order = (await send(memberToken('m-card'), 'GET', `/ecom/v1/orders/${bought.orderId}`)).json()
      .order;
    expect(Number(order.number)).toBeGreaterThanOrEqual(10001);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.priceSummary.total.amount).toBe('19.99');
    expect(order.lineItems).toHaveLength(1);
    expect(order.lineItems[0]).toMatchObject({
      quantity: 1,
      productName: { original: 'Mug club' },
      catalogReference: { catalogItemId: plan.id, appId: '1522827f-c56c-a5c9-2ac9-00f9e6ae12d3' },
      itemType: { preset: 'SERVICE' },
    });
    const events = await listEntityEvents(t.database.db, 'order', bought.orderId);
    expect(events.map((event) => event.type)).toContain('ecom.order.created');
    await deliver();
    const confirmation = sent.find(
      (mail) => mail.to === 'm-card@example.com' && mail.tags?.includes('ecom.order.confirmation'),
    );
    // The plan-purchase e-mail (the order confirmation of a plan), its text part from the same template.
    expect(confirmation?.tags).toContain('plans.purchase');
    expect(confirmation?.subject).toContain('your Mug club plan');
    expect(confirmation?.text).toMatch(/Total\s+\$19\.99/);
    expect(confirmation?.html).toContain('Mug club');

    const [membership] = await membershipsOf('m-card');
    expect(membership).toMatchObject({ id: bought.membershipId, planId: plan.id, remainingCredits: 2 });
    expect(membership?.orderId).toBe(bought.orderId);
    // Usable at checkout: the mug is paid by the membership.
    const member = memberToken('m-card');
    await send(member, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id)] });
    const { checkoutId } = (await send(member, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    const checkout = (await send(member, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    const eligible = checkout.membershipOptions.eligibleMemberships as { id: string }[];
    expect(eligible.map((m) => m.id)).toContain(bought.membershipId);
  });

  it('pay later: no membership until the merchant marks the order paid; canceling ends it', async () => {
    const plan = await createPlan({ name: 'Later', price: '7.50' });
    const reply = await purchase('m-later', plan.id, { paymentMethod: { type: 'OFFLINE' } });
    expect(reply.json()).toMatchObject({ paymentStatus: 'NOT_PAID' });
    expect(reply.json().membershipId).toBeUndefined();
    expect(await membershipsOf('m-later')).toEqual([]);
    const orderId = reply.json().orderId;
    expect((await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/mark-paid`, {})).statusCode).toBe(200);
    await deliver();
    await deliver(); // delivered again (at least once): still one membership
    const memberships = await membershipsOf('m-later');
    expect(memberships).toHaveLength(1);
    expect(memberships[0]?.expiresAt).toBeUndefined();
    expect((await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/cancel`, {})).statusCode).toBe(200);
    await deliver();
    const [ended] = await membershipsOf('m-later');
    expect(ended?.expiresAt).toEqual(expect.any(String));
  });

  it('a free plan needs no payment and grants at once; a declined card leaves nothing behind', async () => {
    const free = await createPlan({ name: 'Free', price: '0' });
    const reply = await purchase('m-free', free.id);
    expect(reply.json()).toMatchObject({ paymentStatus: 'PAID', membershipId: expect.any(String) });
    const order = (await send(memberToken('m-free'), 'GET', `/ecom/v1/orders/${reply.json().orderId}`)).json()
      .order;
    expect(order.priceSummary.total.amount).toBe('0.00');

    const once = await createPlan({ name: 'Once', price: '3.00', maxPurchasesPerBuyer: 1 });
    const declined = await purchase('m-declined', once.id, {
      paymentMethod: { ...CARD, card: { ...CARD.card, number: SANDBOX_CARDS.declined } },
    });
    expect(declined.statusCode).toBe(402);
    expect(await membershipsOf('m-declined')).toEqual([]);
    // The once-per-buyer slot was not used up by the declined attempt.
    expect((await purchase('m-declined', once.id, { paymentMethod: CARD })).statusCode).toBe(200);
  });

  it('needs a member: visitors and anonymous callers are refused before anything is sold', async () => {
    const plan = await createPlan({ name: 'Members only', price: '1.00' });
    const visitor = await send(
      visitorToken('v-plan'),
      'POST',
      `/_api/plans/v1/plans/${plan.id}/purchase`,
      {},
    );
    expect(visitor.statusCode).toBe(403);
    const anonymous = await send(undefined, 'POST', `/_api/plans/v1/plans/${plan.id}/purchase`, {});
    expect(anonymous.statusCode).toBe(401);
    const unknown = await purchase('m-x', 'no-such-plan');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details.applicationError.code).toBe('PLAN_NOT_FOUND');
  });
});

describe('parallel purchases', () => {
  it('sells a once-per-buyer plan once to two parallel purchases by one member, charging once', async () => {
    const plan = await createPlan({ name: 'Trial', price: '9.99', maxPurchasesPerBuyer: 1 });
    const replies = await Promise.all([
      purchase('m-race', plan.id, { paymentMethod: CARD }),
      purchase('m-race', plan.id, { paymentMethod: CARD }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const refused = replies.find((reply) => reply.statusCode === 409);
    expect(refused?.json().details.applicationError.code).toBe('PLAN_ALREADY_PURCHASED');
    expect((await membershipsOf('m-race')).filter((m) => m.planId === plan.id)).toHaveLength(1);
    const { orders } = (
      await send(owner, 'GET', `/admin-api/v1/orders?search=m-race@example.com&limit=10`)
    ).json();
    expect(orders).toHaveLength(1);
    // Later attempts are refused too; another member may buy it.
    expect((await purchase('m-race', plan.id, { paymentMethod: CARD })).statusCode).toBe(409);
    expect((await purchase('m-race-2', plan.id, { paymentMethod: CARD })).statusCode).toBe(200);
  });

  it('sells a plan without a limit as often as it is bought, and a retried purchase only once', async () => {
    const plan = await createPlan({ name: 'Top-up', price: '4.00' });
    const two = await Promise.all([purchase('m-many', plan.id), purchase('m-many', plan.id)]);
    expect(two.map((reply) => reply.statusCode)).toEqual([200, 200]);
    expect(new Set(two.map((reply) => reply.json().orderId)).size).toBe(2);
    const key = { idempotencyKey: 'form-4f1c2a9e', paymentMethod: CARD };
    const retried = await Promise.all([purchase('m-retry', plan.id, key), purchase('m-retry', plan.id, key)]);
    expect(retried.map((reply) => reply.statusCode)).toEqual([200, 200]);
    expect(retried[0]?.json().orderId).toBe(retried[1]?.json().orderId);
    expect(await membershipsOf('m-retry')).toHaveLength(1);
  });
});
