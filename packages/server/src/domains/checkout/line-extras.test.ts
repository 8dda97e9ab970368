import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestProduct,
  lineItem,
  setUpTestStore,
  shopperCheckout,
  type TestProduct,
} from '../../testing/ecom.js';
import { createTestApp, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';

// Line item fields of spec §3 beyond reference and quantity: serviceProperties, a subscription's start
// date, merchant-only catalogOverrideFields, and the order's lineItemType.
const now = new Date('2026-05-10T12:00:00Z');
let t: TestApp;
let yoga: TestProduct;
let mug: TestProduct;
let coffee: TestProduct;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  yoga = await createTestProduct(t.database.db, {
    name: 'Yoga class',
    priceMinor: 1500,
    productType: 'digital',
  });
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
  coffee = await createTestProduct(t.database.db, {
    name: 'Coffee',
    priceMinor: 1000,
    subscriptionOptions: {
      oneTimePurchase: false,
      subscriptions: [
        {
          id: 'monthly',
          title: 'Monthly',
          visible: true,
          frequency: 'MONTH',
          interval: 1,
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
const violations = (body: {
  details: { validationError: { fieldViolations: { field: string; violatedRule: string }[] } };
}) => body.details.validationError.fieldViolations.map((v) => `${v.field} ${v.violatedRule}`);

describe('line item extras', () => {
  it('serviceProperties: kept on the line, echoed, and a different date is a different line', async () => {
    const me = visitorToken('v-service');
    const at = (date: string, people?: number) => ({
      ...lineItem(yoga.id),
      serviceProperties: { scheduledDate: date, ...(people ? { numberOfParticipants: people } : {}) },
    });
    const added = await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [at('2026-06-01T18:00:00Z', 2), at('2026-06-01T18:00:00Z', 2), at('2026-06-08T18:00:00Z')],
    });
    expect(added.statusCode, added.body).toBe(200);
    const lines = added.json().cart.lineItems;
    expect(
      lines.map((l: { quantity: number; serviceProperties: object }) => [l.quantity, l.serviceProperties]),
    ).toEqual([
      [2, { scheduledDate: '2026-06-01T18:00:00.000Z', numberOfParticipants: 2 }],
      [1, { scheduledDate: '2026-06-08T18:00:00.000Z' }],
    ]);
    const bad = await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [{ ...lineItem(yoga.id), serviceProperties: { numberOfParticipants: 0 } }],
    });
    expect(bad.statusCode).toBe(400);
    const { checkoutId } = (await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    await send(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      checkout: { buyerInfo: { email: 'yogi@example.com' } },
    });
    const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    const order = (await send(owner, 'GET', `/admin-api/v1/orders/${placed.json().orderId}`)).json().order;
    expect(order.lineItems[0]).toMatchObject({
      lineItemType: 'DIGITAL',
      serviceProperties: { scheduledDate: '2026-06-01T18:00:00.000Z', numberOfParticipants: 2 },
    });
  });

  it('catalogOverrideFields: merchants only; they win over the catalog', async () => {
    const shopper = await send(visitorToken('v-override'), 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [{ ...lineItem(mug.id), catalogOverrideFields: { price: '0.01' } }],
    });
    expect(shopper.statusCode).toBe(400);
    expect(violations(shopper.json())).toEqual(['lineItems[0].catalogOverrideFields FIELD_NOT_ALLOWED']);

    const overrides = {
      productName: { original: 'Engraved mug' },
      price: '20.00',
      descriptionLines: [{ name: { original: 'Engraving' }, plainText: { original: 'Ada' } }],
      physicalProperties: { weight: 0.7 },
      image: 'https://cdn.example/engraved.jpg',
      paymentOption: { value: 'FULL_PAYMENT_OFFLINE' },
    };
    const badPrice = await send(owner, 'POST', '/ecom/v1/checkouts', {
      lineItems: [{ ...lineItem(mug.id), catalogOverrideFields: { price: '1.234' } }],
    });
    expect(violations(badPrice.json())).toEqual(['lineItems[0].catalogOverrideFields.price FORMAT']);
    const created = await send(owner, 'POST', '/ecom/v1/checkouts', {
      lineItems: [{ ...lineItem(mug.id, 2), catalogOverrideFields: overrides }, lineItem(mug.id)],
      customLineItems: [
        { productName: { original: 'Gift wrap' }, price: '3.00', itemType: { preset: 'PHYSICAL' } },
      ],
      checkoutInfo: { buyerInfo: { email: 'pos@example.com' } },
      channelType: 'POS',
    });
    expect(created.statusCode, created.body).toBe(200);
    const [engraved, plain] = created.json().checkout.lineItems;
    expect(engraved).toMatchObject({
      quantity: 2,
      productName: { original: 'Engraved mug' },
      price: { amount: '20.00' },
      paymentOption: 'FULL_PAYMENT_OFFLINE',
      physicalProperties: { weight: 0.7 },
      descriptionLines: [expect.objectContaining({ plainText: { original: 'Ada', translated: 'Ada' } })],
      catalogOverrideFields: expect.objectContaining({
        price: expect.objectContaining({ amount: '20.00' }),
        image: { url: overrides.image },
      }),
    });
    expect(plain).toMatchObject({
      quantity: 1,
      productName: { original: 'Mug' },
      price: { amount: '12.50' },
    });
    const checkoutId = created.json().checkout.id;
    const placed = await send(owner, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (await send(owner, 'GET', `/admin-api/v1/orders/${placed.json().orderId}`)).json().order;
    expect(order.lineItems.map((l: { lineItemType: string }) => l.lineItemType)).toEqual([
      'PHYSICAL',
      'PHYSICAL',
      'CUSTOM_AMOUNT_ITEM',
    ]);
    // 2 × 20.00 is paid offline; 12.50 + 3.00 online.
    expect(order.payLater.amount).toBe('40.00');
  });

  it('a subscription starting later: the line shows its start date, the schedule counts from it', async () => {
    const me = visitorToken('v-start');
    const past = await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [
        lineItem(coffee.id, 1, { subscriptionOptionId: 'monthly', subscriptionStartDate: '2026-05-01' }),
      ],
    });
    expect(violations(past.json())).toEqual([
      'lineItems[0].catalogReference.options.subscriptionStartDate FORMAT',
    ]);
    const checkoutId = await shopperCheckout(t.app, me, [
      lineItem(coffee.id, 1, { subscriptionOptionId: 'monthly', subscriptionStartDate: '2026-06-15' }),
    ]);
    const line = (await send(me, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout.lineItems[0];
    expect(line.subscriptionOptionInfo.subscriptionSettings).toMatchObject({
      frequency: 'MONTH',
      autoRenewal: true,
      startDate: '2026-06-15T00:00:00.000Z',
    });
    const placed = (await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {})).json();
    const [subscription] = (await send(me, 'GET', '/ecom/v1/subscriptions')).json().subscriptions;
    expect(subscription).toMatchObject({
      id: placed.subscriptionId,
      startDate: '2026-06-15T00:00:00.000Z',
      nextBillingDate: '2026-07-15T00:00:00.000Z',
    });
  });
});
