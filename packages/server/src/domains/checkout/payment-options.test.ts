import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestProduct,
  issueTestGiftCard,
  lineItem,
  setUpTestStore,
  type TestProduct,
} from '../../testing/ecom.js';
import { memberToken, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { listeningTestApp } from '../../testing/wix-sdk.js';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-card.provider.js';
import {
  createMembershipPlan,
  grantMembership,
  listMemberships,
} from '../store-setup/memberships/memberships.service.js';

// Payment options DEPOSIT_ONLINE and MEMBERSHIP_OFFLINE (issue 19). Oregon, standard shipping: $5.00,
// no tax; amounts are hand-computed in the comments, to the cent.
let t: TestApp;
let owner: string;
let sofa: TestProduct;
let lamp: TestProduct;
const oregon = { country: 'US', subdivision: 'US-OR', city: 'Portland', postalCode: '97201' };
const CARD = { number: SANDBOX_CARDS.success[0], expMonth: 12, expYear: 2099, cvc: '123' };

beforeAll(async () => {
  t = (await listeningTestApp()).t;
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  sofa = await createTestProduct(t.database.db, { name: 'Sofa', priceMinor: 10_000 });
  lamp = await createTestProduct(t.database.db, { name: 'Lamp', priceMinor: 4000 });
});
afterAll(() => t?.close());

const send = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const money = (minor: number) => (minor / 100).toFixed(2);

async function checkoutOf(shopper: string, items: object[], extra: object = {}) {
  await send(shopper, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: items });
  const { checkoutId } = (
    await send(shopper, 'POST', '/ecom/v1/carts/current/create-checkout', {
      shippingAddress: oregon,
      selectedShippingOption: { code: 'std' },
      email: 'buyer@example.com',
      ...extra,
    })
  ).json();
  return checkoutId as string;
}

describe('deposits (DEPOSIT_ONLINE)', () => {
  it('only the store sets a deposit; a bad one is a 400 naming the field', async () => {
    const url = `/admin-api/v1/products/${sofa.id}/deposit`;
    expect((await send(visitorToken('v-dep'), 'PUT', url, { percentage: 25 })).statusCode).toBe(403);
    const both = await send(owner, 'PUT', url, { percentage: 25, amount: '10.00' });
    expect(both.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'amount',
      violatedRule: 'ONE_OF_ALIGNMENT',
    });
    const bad = await send(owner, 'PUT', url, { amount: '-1' });
    expect(bad.json().details.validationError.fieldViolations[0].field).toBe('amount');
    const set = await send(owner, 'PUT', url, { percentage: 25 });
    expect(set.json()).toEqual({ productId: sofa.id, deposit: { percentage: 25 }, variants: [] });
  });

  it('pays the deposit now and the rest later, with a coupon and a gift card, to the cent', async () => {
    const me = visitorToken('v-deposit');
    const checkoutId = await checkoutOf(me, [lineItem(sofa.id), lineItem(lamp.id)]);
    const card = await issueTestGiftCard(t.database.db, 1000);
    const checkout = (
      await send(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
        couponCode: 'SAVE10',
        giftCardCode: card.code,
      })
    ).json().checkout;
    // 140.00 − SAVE10 14.00 (sofa 90.00, lamp 36.00) + shipping 5.00 = 131.00. Now: the sofa's deposit
    // 25 % of 100.00 = 25.00, the lamp 36.00 and shipping 5.00 = 66.00, less the gift card 10.00 = 56.00;
    // later: the sofa's remaining 65.00.
    expect(checkout.priceSummary.total.amount).toBe('131.00');
    expect(checkout.payNow.total.amount).toBe('56.00');
    expect(checkout.payLater.total.amount).toBe('65.00');
    const sofaLine = checkout.lineItems[0];
    expect(sofaLine).toMatchObject({ paymentOption: 'DEPOSIT_ONLINE', depositAmount: { amount: '25.00' } });
    expect(checkout.lineItems[1].paymentOption).toBe('FULL_PAYMENT_ONLINE');

    // Two create-order calls at once: one order, one charge of exactly the 56.00 due now.
    const [a, b] = await Promise.all([
      send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
        paymentMethod: { type: 'SANDBOX_CARD', card: CARD },
      }),
      send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
        paymentMethod: { type: 'SANDBOX_CARD', card: CARD },
      }),
    ]);
    expect(a.json().orderId).toBe(b.json().orderId);
    const orderId = a.json().orderId as string;
    const order = (await send(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order;
    expect(order).toMatchObject({
      paymentStatus: 'PARTIALLY_PAID',
      payNow: { amount: '56.00' },
      payLater: { amount: '65.00' },
    });
    expect(order.payments.map((p: { amount: { amount: string } }) => p.amount.amount)).toEqual(['56.00']);
    expect(order.lineItems[0].paymentOption).toBe('DEPOSIT_ONLINE');

    // The merchant takes the balance (twice at once: recorded once), and the order is paid.
    const marks = await Promise.all(
      [1, 2].map(() => send(owner, 'POST', `/admin-api/v1/orders/${orderId}/mark-paid`, {})),
    );
    expect(marks.map((reply) => reply.statusCode)).toEqual([200, 200]);
    const paid = (await send(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order;
    expect(paid.paymentStatus).toBe('PAID');
    expect(paid.payments.map((p: { amount: { amount: string } }) => p.amount.amount)).toEqual([
      '56.00',
      '65.00',
    ]);
  });

  it("a variant's own deposit wins; a gift card covering the deposit leaves the order partly paid", async () => {
    await send(owner, 'PUT', `/admin-api/v1/products/${sofa.id}/deposit`, {
      variantId: sofa.variantIds[0],
      amount: '30.00',
    });
    const me = visitorToken('v-deposit-variant');
    const checkoutId = await checkoutOf(me, [lineItem(sofa.id, 2)]);
    const card = await issueTestGiftCard(t.database.db, 6500);
    const checkout = (
      await send(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, { giftCardCode: card.code })
    ).json().checkout;
    // 2 × 30.00 deposit + 5.00 shipping = 65.00 now, all from the gift card; 140.00 later.
    expect(checkout.lineItems[0].depositAmount.amount).toBe('30.00');
    expect([checkout.payNow.total.amount, checkout.payLater.total.amount]).toEqual(['0.00', '140.00']);
    const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    const order = (await send(owner, 'GET', `/admin-api/v1/orders/${placed.json().orderId}`)).json().order;
    expect(order.paymentStatus).toBe('PARTIALLY_PAID');
    await send(owner, 'DELETE', `/admin-api/v1/products/${sofa.id}/deposit?variantId=${sofa.variantIds[0]}`);
  });

  it('a merchant sets a deposit on one line (catalogOverrideFields.depositAmount); shoppers cannot', async () => {
    const app = await merchantKey(t.database, 'app');
    const created = await send(app, 'POST', '/ecom/v1/checkouts', {
      channelType: 'BACKOFFICE_MERCHANT',
      lineItems: [{ ...lineItem(lamp.id, 3), catalogOverrideFields: { depositAmount: '5.50' } }],
      checkoutInfo: {
        shippingInfo: {
          shippingDestination: { address: oregon },
          selectedCarrierServiceOption: { code: 'std' },
        },
      },
    });
    // 3 × 5.50 = 16.50 + shipping 5.00 now; 3 × 34.50 = 103.50 later.
    const checkout = created.json().checkout;
    expect(checkout.lineItems[0]).toMatchObject({
      paymentOption: 'DEPOSIT_ONLINE',
      depositAmount: { amount: '5.50' },
      catalogOverrideFields: { depositAmount: { amount: '5.50' } },
    });
    expect([checkout.payNow.total.amount, checkout.payLater.total.amount]).toEqual([
      money(2150),
      money(10_350),
    ]);
    const shopper = await send(visitorToken('v-dep-override'), 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [{ ...lineItem(lamp.id), catalogOverrideFields: { depositAmount: '1.00' } }],
    });
    expect(shopper.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[0].catalogOverrideFields',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
  });
});

describe('memberships charged offline (MEMBERSHIP_OFFLINE)', () => {
  it('the line costs nothing now or later, and the order leaves its credits for the merchant to redeem', async () => {
    const plan = await createMembershipPlan(t.database.db, {
      name: 'Lamp club',
      productIds: [lamp.id],
      credits: 5,
      chargedOffline: true,
    });
    const membership = await grantMembership(t.database.db, {
      memberId: 'm-offline',
      planId: plan.id,
      now: new Date(),
    });
    const me = memberToken('m-offline');
    const checkoutId = await checkoutOf(me, [lineItem(lamp.id, 2), lineItem(sofa.id)]);
    const lampLine = (await send(me, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout.lineItems[0]
      .id;
    const checkout = (
      await send(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
        checkout: {
          membershipOptions: {
            selectedMemberships: { memberships: [{ id: membership.id, lineItemIds: [lampLine] }] },
          },
        },
      })
    ).json().checkout;
    // The lamps are the membership's: 0.00. The sofa (25 % deposit) 25.00 + shipping 5.00 now, 75.00 later.
    expect(checkout.lineItems[0]).toMatchObject({
      paymentOption: 'MEMBERSHIP_OFFLINE',
      selectedMembership: { id: membership.id },
      totalPriceAfterTax: { amount: '0.00' },
    });
    expect(checkout.priceSummary.total.amount).toBe('105.00');
    expect([checkout.payNow.total.amount, checkout.payLater.total.amount]).toEqual(['30.00', '75.00']);
    const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    expect(placed.statusCode).toBe(200);
    const order = (await send(owner, 'GET', `/admin-api/v1/orders/${placed.json().orderId}`)).json().order;
    expect(order.lineItems[0].paymentOption).toBe('MEMBERSHIP_OFFLINE');
    const [after] = await listMemberships(t.database.db, { memberId: 'm-offline' });
    expect(after?.remainingCredits).toBe(5);
  });
});
