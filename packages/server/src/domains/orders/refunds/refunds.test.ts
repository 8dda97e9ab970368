import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestProduct,
  issueTestGiftCard,
  setUpTestStore,
  type TestProduct,
} from '../../../testing/ecom.js';
import { createTestApp, merchantKey, type TestApp, testDatabaseKind } from '../../../testing/index.js';
import { placeTestOrder, recordingGateway } from '../../../testing/orders.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { listEntityEvents } from '../../events/events.service.js';
import { getGiftCard } from '../../store-setup/promotions/gift-cards.service.js';

let now = new Date('2026-09-01T09:00:00Z');
let t: TestApp;
let owner: string;
let smtp: TestSmtpServer;
let mug: TestProduct;
let lamp: TestProduct;
const gateway = recordingGateway(() => now);

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    clock: () => now,
    env: { SMTP_URL: smtp.url, STORE_NAME: 'Harbor Goods' },
    paymentProviders: { SANDBOX_CARD: gateway.provider },
  });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  mug = await createTestProduct(t.database.db, {
    name: 'Mug',
    priceMinor: 1250,
    stock: { trackInventory: true, quantity: 50 },
  });
  lamp = await createTestProduct(t.database.db, { name: 'Lamp', priceMinor: 4000 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: owner }, ...(payload ? { payload } : {}) });
const refund = (payload: object) => send('POST', '/ecom/v1/order-billing/refund-payments', payload);
const transactions = async (orderId: string) =>
  (await send('GET', `/ecom/v1/payments/orders/${orderId}`)).json().orderTransactions;
const adminOrder = async (orderId: string) =>
  (await send('GET', `/admin-api/v1/orders/${orderId}`)).json().order;
const stockOf = async (product: TestProduct) =>
  (await t.app.inject(`/stores-reader/v1/products/${product.id}`)).json().product.stock.quantity;
const cents = (amount: string) => Math.round(Number(amount) * 100);

async function deliver() {
  for (let round = 0; round < 4; round++) {
    await t.app.dispatcher.runOnce();
    now = new Date(now.getTime() + 60_000);
  }
}

describe(`refunds (${testDatabaseKind()})`, () => {
  it('refunds lines by quantity with restocking, then the rest with shipping: partially, then fully refunded', async () => {
    const stockBefore = await stockOf(mug);
    const orderId = await placeTestOrder(t.app, 'v-lines', [
      { productId: mug.id, quantity: 3 },
      { productId: lamp.id, quantity: 1 },
    ]);
    expect(await stockOf(mug)).toBe(stockBefore - 3);
    const order = await adminOrder(orderId);
    const [mugLine, lampLine] = order.lineItems;
    const paid = cents(order.priceSummary.total.amount);

    const first = await refund({
      orderId,
      details: { items: [{ lineItemId: mugLine.id, quantity: 1 }], reason: 'Chipped' },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(first.statusCode, first.body).toBe(200);
    const mugTotal = cents(mugLine.totalPriceAfterTax.amount);
    expect(cents(first.json().refund.amount.amount)).toBe(Math.round(mugTotal / 3));
    expect(first.json().refund.restockedItems).toEqual([{ lineItemId: mugLine.id, quantity: 1 }]);
    expect(await stockOf(mug)).toBe(stockBefore - 2);
    expect((await adminOrder(orderId)).paymentStatus).toBe('PARTIALLY_REFUNDED');
    // The gateway was asked once, with a key naming this refund and payment.
    expect(gateway.refunds.at(-1)).toMatchObject({
      amountMinor: Math.round(mugTotal / 3),
      idempotencyKey: expect.stringMatching(new RegExp(`^refund:${first.json().refund.id}:`)),
    });

    // More than is left of a line: 400 naming the quantity left.
    const over = await refund({ orderId, details: { items: [{ lineItemId: mugLine.id, quantity: 3 }] } });
    expect(over.statusCode).toBe(400);
    expect(over.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'details.items[0].quantity',
      violatedRule: 'MAX',
      data: { maxQuantity: 2 },
    });

    // The rest, without restocking, and the shipping: exactly what was paid, to the cent.
    const rest = await refund({
      orderId,
      details: {
        items: [
          { lineItemId: mugLine.id, quantity: 2 },
          { lineItemId: lampLine.id, quantity: 1 },
        ],
        shippingIncluded: true,
      },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await stockOf(mug)).toBe(stockBefore - 2);
    const after = rest.json().orderTransactions;
    const refunded = after.refunds.reduce(
      (sum: number, r: { amount: { amount: string } }) => sum + cents(r.amount.amount),
      0,
    );
    expect(refunded).toBe(paid);
    expect(after.refundable.amount.amount).toBe('0.00');
    expect(after.payments[0].refundedAmount.amount).toBe(order.priceSummary.total.amount);
    expect((await adminOrder(orderId)).paymentStatus).toBe('FULLY_REFUNDED');

    // Nothing left: a 409 that names the amount.
    const again = await refund({ orderId, paymentRefunds: [{ amount: '1.00' }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().details.applicationError).toMatchObject({
      code: 'NOTHING_TO_REFUND',
      data: { refundableAmount: '0.00' },
    });
    expect(again.json().message).toContain('$0.00');

    // Events: one refund event per refund, and the order's timeline lists both.
    const events = await listEntityEvents(t.database.db, 'refund', first.json().refund.id);
    expect(events.map((event) => event.type)).toEqual(['ecom.refund.created']);
    const timeline = (await adminOrder(orderId)).activities.map((a: { type: string }) => a.type);
    expect(timeline.filter((type: string) => type === 'ORDER_REFUNDED')).toHaveLength(2);

    // The buyer's e-mails, over SMTP: one per refund.
    await deliver();
    const mails = smtp.messages.filter(
      (mail) => mail.to.includes('v-lines@example.com') && /refund/.test(mail.subject),
    );
    expect(mails).toHaveLength(2);
    // Refunds are separate entities: their e-mails may arrive in either order.
    const chipped = mails.find((mail) => mail.text.includes('Reason: Chipped'));
    expect(chipped?.text).toContain('1 × Mug');
    expect(chipped?.text).toContain('goes back to your original payment method');
    expect(
      (await adminOrder(orderId)).activities.some((a: { type: string }) => a.type === 'EMAIL_SENT'),
    ).toBe(true);
  });

  it('never ships refunded units: the ship form and the API offer ordered − shipped − refunded', async () => {
    const orderId = await placeTestOrder(t.app, 'v-noship', [
      { productId: mug.id, quantity: 3 },
      { productId: lamp.id, quantity: 1 },
    ]);
    const [mugLine, lampLine] = (await adminOrder(orderId)).lineItems;
    const ship = (lineItems: object[]) =>
      send('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
        fulfillment: { lineItems },
      });
    // Two mugs refunded and restocked: one mug is left to ship.
    const refunded = await refund({
      orderId,
      details: { items: [{ lineItemId: mugLine.id, quantity: 2 }] },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const over = await ship([{ id: mugLine.id, quantity: 2 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'fulfillment.lineItems[0].quantity',
      violatedRule: 'MAX',
      description: 'is more than the 1 of "Mug" left to ship (2 refunded)',
      data: { maxQuantity: 1 },
    });
    // "Mark fulfilled" ships what is left: one mug and the lamp, not the refunded two.
    const marked = await send('POST', `/admin-api/v1/orders/${orderId}/fulfill`, {});
    expect(marked.json().order.fulfillmentStatus).toBe('FULFILLED');
    const shipments = (await send('GET', `/ecom/v1/fulfillments/orders/${orderId}`)).json()
      .orderWithFulfillments.fulfillments;
    expect(shipments.map((s: { lineItems: object[] }) => s.lineItems)).toEqual([
      [
        { id: mugLine.id, quantity: 1 },
        { id: lampLine.id, quantity: 1 },
      ],
    ]);

    // A line refunded in full before shipping is named as refunded.
    const second = await placeTestOrder(t.app, 'v-noship2', [
      { productId: mug.id, quantity: 1 },
      { productId: lamp.id, quantity: 1 },
    ]);
    const [mug2, lamp2] = (await adminOrder(second)).lineItems;
    await refund({ orderId: second, details: { items: [{ lineItemId: mug2.id, quantity: 1 }] } });
    const none = await send('POST', `/ecom/v1/fulfillments/orders/${second}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: mug2.id, quantity: 1 }] },
    });
    expect(none.json().details.validationError.fieldViolations[0].description).toBe(
      '"Mug" was refunded; there is nothing left to ship',
    );
    // Shipping the lamp is all that was due: the order is fulfilled.
    await send('POST', `/ecom/v1/fulfillments/orders/${second}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: lamp2.id, quantity: 1 }] },
    });
    expect((await adminOrder(second)).fulfillmentStatus).toBe('FULFILLED');

    // Shipped one of two, then the other refunded: nothing is due any more, so the refund fulfils it.
    const third = await placeTestOrder(t.app, 'v-noship3', [{ productId: mug.id, quantity: 2 }]);
    const [mug3] = (await adminOrder(third)).lineItems;
    await send('POST', `/ecom/v1/fulfillments/orders/${third}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: mug3.id, quantity: 1 }] },
    });
    expect((await adminOrder(third)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    await refund({ orderId: third, details: { items: [{ lineItemId: mug3.id, quantity: 1 }] } });
    expect((await adminOrder(third)).fulfillmentStatus).toBe('FULFILLED');
  });

  it('refuses the same refund sent twice (a double click), with what to do; a refund with its own reason goes through', async () => {
    const orderId = await placeTestOrder(t.app, 'v-twice', [{ productId: mug.id, quantity: 3 }]);
    const [mugLine] = (await adminOrder(orderId)).lineItems;
    const body = {
      orderId,
      details: { items: [{ lineItemId: mugLine.id, quantity: 1 }], reason: 'Chipped' },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' }, sendOrderRefundedEmail: false },
    };
    const first = await refund(body);
    expect(first.statusCode, first.body).toBe(200);
    const refundsBefore = gateway.refunds.length;
    const twice = await refund(body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details.applicationError).toMatchObject({
      code: 'DUPLICATE_REFUND',
      description: expect.stringMatching(
        /^The same refund \(\$[\d.]+: 1 × Mug; restocked\) was made on order #\d+ moments ago\. Reload the order to see it; if you mean to refund the same again, give it its own reason\.$/,
      ),
    });
    // The review step (a dry run) says so too; nothing more was given back.
    expect((await refund({ ...body, dryRun: true })).statusCode).toBe(409);
    expect(gateway.refunds.length).toBe(refundsBefore);
    expect((await transactions(orderId)).refunds).toHaveLength(1);
    // Meant: the same mug again with its own reason.
    const meant = await refund({ ...body, details: { ...body.details, reason: 'Second one chipped too' } });
    expect(meant.statusCode, meant.body).toBe(200);
    // Later than a few minutes, the same refund is a new one.
    now = new Date(now.getTime() + 11 * 60_000);
    expect((await refund(body)).statusCode).toBe(200);
  });

  it('refunds a set amount; more than is refundable is a 400 naming the amounts', async () => {
    const orderId = await placeTestOrder(t.app, 'v-amount', [{ productId: lamp.id, quantity: 1 }]);
    const total = (await adminOrder(orderId)).priceSummary.total.amount;
    // A dry run checks and computes, and records nothing.
    const preview = await refund({ orderId, paymentRefunds: [{ amount: '5.00' }], dryRun: true });
    expect(preview.json().refund.amount.amount).toBe('5.00');
    expect(preview.json().orderTransactions.refunds).toEqual([]);
    const part = await refund({ orderId, paymentRefunds: [{ amount: '5.00' }] });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().orderTransactions.refundable.amount.amount).toBe(
      ((cents(total) - 500) / 100).toFixed(2),
    );
    const tooMuch = await refund({ orderId, paymentRefunds: [{ amount: total }] });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'paymentRefunds[0].amount',
      violatedRule: 'DECIMAL_LTE',
      data: { requestedAmount: total, refundableAmount: ((cents(total) - 500) / 100).toFixed(2) },
    });
    const badAmount = await refund({ orderId, paymentRefunds: [{ amount: '1.234' }] });
    expect(badAmount.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'paymentRefunds[0].amount',
      violatedRule: 'FORMAT',
    });
    const nothing = await refund({ orderId });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().details.validationError.fieldViolations[0].field).toBe('details.items');
  });

  it('gives the gift card its part back after the card payment', async () => {
    const card = await issueTestGiftCard(t.database.db, 1000);
    const orderId = await placeTestOrder(t.app, 'v-gift', [{ productId: lamp.id, quantity: 1 }], {
      giftCardCode: card.code,
    });
    expect((await getGiftCard(t.database.db, card.id)).balanceMinor).toBe(0);
    const order = await adminOrder(orderId);
    const total = order.priceSummary.total.amount;
    const all = await refund({
      orderId,
      paymentRefunds: [{ amount: total }],
      sideEffects: { sendOrderRefundedEmail: false },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().refund.giftCardAmount.amount).toBe('10.00');
    expect(cents(all.json().refund.transactions[0].amount.amount)).toBe(cents(total) - 1000);
    expect((await getGiftCard(t.database.db, card.id)).balanceMinor).toBe(1000);
    expect((await adminOrder(orderId)).paymentStatus).toBe('FULLY_REFUNDED');
  });

  it('refuses an unpaid order, naming the amount, and a canceled one', async () => {
    const offline = await placeTestOrder(t.app, 'v-unpaid', [{ productId: lamp.id, quantity: 1 }], {
      paymentMethod: { type: 'OFFLINE' },
    });
    const unpaid = await refund({ orderId: offline, paymentRefunds: [{ amount: '1.00' }] });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().details.applicationError).toMatchObject({
      code: 'NOTHING_TO_REFUND',
      data: { refundableAmount: '0.00', paymentStatus: 'NOT_PAID' },
    });
    expect(unpaid.json().details.applicationError.description).toMatch(/not paid \(\$0\.00 received\)/);
    await send('POST', `/admin-api/v1/orders/${offline}/cancel`, {});
    const canceled = await refund({ orderId: offline, paymentRefunds: [{ amount: '1.00' }] });
    expect(canceled.json().details.applicationError.code).toBe('ORDER_CANCELED');
  });

  it('a gateway failure records nothing: no refund, no stock, no status change', async () => {
    const stockBefore = await stockOf(mug);
    const orderId = await placeTestOrder(t.app, 'v-fail', [{ productId: mug.id, quantity: 2 }]);
    const line = (await adminOrder(orderId)).lineItems[0];
    gateway.state.failRefunds = 1;
    const failed = await refund({
      orderId,
      details: { items: [{ lineItemId: line.id, quantity: 1 }] },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().details.applicationError.code).toBe('PAYMENT_PROVIDER_ERROR');
    const after = await transactions(orderId);
    expect(after.refunds).toEqual([]);
    expect(after.payments[0].refundedAmount.amount).toBe('0.00');
    expect(await stockOf(mug)).toBe(stockBefore - 2);
    expect((await adminOrder(orderId)).paymentStatus).toBe('PAID');
  });

  it('restocks each unit once: a refund with restocking, then cancelling puts back only the rest', async () => {
    const stockBefore = await stockOf(mug);
    const orderId = await placeTestOrder(t.app, 'v-restock', [{ productId: mug.id, quantity: 4 }]);
    const line = (await adminOrder(orderId)).lineItems[0];
    const some = await refund({
      orderId,
      details: { items: [{ lineItemId: line.id, quantity: 2 }] },
      sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId: line.id, quantity: 1 }] } },
    });
    expect(some.statusCode, some.body).toBe(200);
    expect(await stockOf(mug)).toBe(stockBefore - 3);
    const canceled = await send('POST', `/admin-api/v1/orders/${orderId}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await stockOf(mug)).toBe(stockBefore);
    // The gateway gave back the refund, then only what was left when cancelling.
    const keys = gateway.refunds.filter((entry) =>
      /^openshelf:payment:.+:refund$/.test(entry.idempotencyKey),
    );
    expect(keys.length).toBeGreaterThan(0);
  });
});
