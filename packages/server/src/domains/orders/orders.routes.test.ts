import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { issueTestGiftCard, lineItem, type TestProduct } from '../../testing/ecom.js';
import { createTestApp, memberToken, type TestApp, visitorToken } from '../../testing/index.js';
import {
  sandboxCard as card,
  createOrdersTestStore,
  orderRouteHelpers,
  placeTestOrder,
} from '../../testing/orders.js';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-card.provider.js';
import { getGiftCard } from '../store-setup/promotions/gift-cards.service.js';

// Orders once placed: buyers read theirs, merchants search, fulfil and cancel, subscriptions are made.
// Paying for them: placing/orders-payments.routes.test.ts.
let now = new Date('2026-04-01T09:00:00Z');
let t: TestApp;
let owner: string;
let mug: TestProduct;
let guide: TestProduct;
let coffee: TestProduct;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  ({ owner, mug, guide, coffee } = await createOrdersTestStore(t));
  // Two earlier paid orders by the same buyer e-mail, for the merchant's e-mail search to find beside
  // the member's (the payment suite placed them when it shared this file).
  for (const visitor of ['v-earlier-1', 'v-earlier-2']) {
    await placeTestOrder(t.app, visitor, [{ productId: mug.id, quantity: 1 }], {
      email: 'buyer@example.com',
    });
  }
});
afterAll(() => t.close());

const { send, checkoutFor, stockOf } = orderRouteHelpers(() => t.app);

describe('orders', () => {
  let orderId: string;
  let number: string;
  const me = memberToken('m-orders');

  it('buyers read their own orders only, with download links for paid digital lines', async () => {
    const checkoutId = await checkoutFor(me, [lineItem(guide.id), lineItem(mug.id)]);
    ({ orderId } = (
      await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
        paymentMethod: card(SANDBOX_CARDS.success[0]),
      })
    ).json());
    const order = (await send(me, 'GET', `/ecom/v1/orders/${orderId}`)).json().order;
    number = order.number;
    expect(Number(number)).toBeGreaterThanOrEqual(10001);
    expect(order).toMatchObject({
      buyerInfo: { memberId: 'm-orders', email: 'buyer@example.com' },
      priceSummary: { subtotal: { amount: '17.50' } },
    });
    expect(order.payments).toBeUndefined();
    const link = order.lineItems[0].downloads[0].url as string;
    expect(order.lineItems[1].downloads).toBeUndefined();
    const file = await t.app.inject(link.replace(t.config.publicUrl, ''));
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 the guide');
    expect(file.headers['content-disposition']).toContain('guide.pdf');
    // Change the signature's first character to a different one (a fixed replacement would leave one
    // signature in 64 untouched).
    const tampered = await t.app.inject(
      link
        .replace(t.config.publicUrl, '')
        .replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
    );
    expect(tampered.statusCode).toBe(403);
    now = new Date(now.getTime() + 25 * 3600_000);
    expect((await t.app.inject(link.replace(t.config.publicUrl, ''))).statusCode).toBe(403);

    expect((await send(visitorToken('v-stranger'), 'GET', `/ecom/v1/orders/${orderId}`)).statusCode).toBe(
      404,
    );
    const mine = (
      await send(me, 'POST', '/ecom/v1/orders/query', { query: { filter: { paymentStatus: 'PAID' } } })
    ).json();
    expect(mine.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const unknownField = await send(me, 'POST', '/ecom/v1/orders/query', {
      query: { filter: { secret: 1 } },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().details.validationError.fieldViolations[0].field).toContain('secret');
  });

  it('merchants search by number and e-mail, fulfil, and cannot cancel a fulfilled order', async () => {
    const byNumber = (await send(owner, 'GET', `/admin-api/v1/orders?search=${number}`)).json();
    expect(byNumber.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const byEmail = (
      await send(owner, 'GET', '/admin-api/v1/orders?search=BUYER@example&paymentStatus=PAID')
    ).json();
    expect(byEmail.metadata.total).toBeGreaterThanOrEqual(3);
    const fulfilled = (await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/fulfill`, {})).json().order;
    expect(fulfilled.fulfillmentStatus).toBe('FULFILLED');
    const cancel = await send(owner, 'POST', `/admin-api/v1/orders/${orderId}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect((await send(me, 'POST', `/admin-api/v1/orders/${orderId}/fulfill`, {})).statusCode).toBe(403);
  });

  it('cancel returns stock and the gift card amount, and refunds the card', async () => {
    const buyer = visitorToken('v-cancel');
    const gift = await issueTestGiftCard(t.database.db, 1000);
    const checkoutId = await checkoutFor(buyer, [lineItem(mug.id, 3)], { giftCardCode: gift.code });
    const stockBefore = await stockOf(mug);
    const { orderId: id } = (
      await send(buyer, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
        paymentMethod: card(SANDBOX_CARDS.success[0]),
      })
    ).json();
    expect(await stockOf(mug)).toBe(stockBefore - 3);
    expect((await getGiftCard(t.database.db, gift.id)).balanceMinor).toBe(0);
    const canceled = (await send(owner, 'POST', `/admin-api/v1/orders/${id}/cancel`, {})).json().order;
    expect(canceled).toMatchObject({
      status: 'CANCELED',
      paymentStatus: 'REFUNDED',
      payments: [expect.objectContaining({ status: 'REFUNDED' })],
      // Card refunded, gift card given back: nothing kept, nothing due.
      balanceSummary: { paid: { amount: '0.00' }, balance: { amount: '0.00' } },
    });
    expect(await stockOf(mug)).toBe(stockBefore);
    expect((await getGiftCard(t.database.db, gift.id)).balanceMinor).toBe(1000);
    expect(
      (await send(owner, 'POST', `/admin-api/v1/orders/${id}/mark-paid`, {})).json().details.applicationError
        .code,
    ).toBe('ORDER_CANCELED');
  });

  it('a subscription line creates a subscription with its schedule', async () => {
    const buyer = visitorToken('v-sub');
    const refused = await send(buyer, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [lineItem(coffee.id)],
    });
    expect(refused.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.options.subscriptionOptionId',
      violatedRule: 'REQUIRED_FIELD',
    });
    const checkoutId = await checkoutFor(buyer, [
      lineItem(coffee.id, 1, { subscriptionOptionId: 'monthly' }),
    ]);
    const checkout = (await send(buyer, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    expect(checkout.lineItems[0]).toMatchObject({
      price: { amount: '16.20' },
      subscriptionOptionInfo: {
        subscriptionSettings: { frequency: 'MONTH', interval: 1, billingCycles: 12, autoRenewal: false },
        title: { original: 'Every month' },
      },
    });
    const placed = (
      await send(buyer, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
        paymentMethod: card(SANDBOX_CARDS.success[0]),
      })
    ).json();
    expect(placed.subscriptionId).toBeTruthy();
    const [subscription] = await queryRows<{
      next_billing_date: Date | string;
      billing_cycles: string;
      price_minor: string;
    }>(
      t.database.db,
      sql`SELECT next_billing_date, billing_cycles, price_minor FROM subscriptions WHERE id = ${placed.subscriptionId}`,
    );
    expect(new Date(subscription?.next_billing_date as string).toISOString()).toBe(
      new Date(now.getTime()).toISOString().replace(/^2026-04/, '2026-05'),
    );
    expect(Number(subscription?.price_minor)).toBe(1620);
  });
});
