import { describe, expect, test } from 'vitest';
import * as orderRoute from '../../app/routes/account/order';
import * as signupRoute from '../../app/routes/account/signup';
import * as verifyEmailRoute from '../../app/routes/account/verify-email';
import * as cartRoute from '../../app/routes/shop/cart';
import * as checkoutRoute from '../../app/routes/shop/checkout';
import * as productRoute from '../../app/routes/shop/product';
import { routeStoreForFile, Visitor } from './route-harness';

/*
 * The member's order page lists how the order was paid and refunded — the gift card's part, the card by
 * its brand and last digits, each with its amount and status, then each refund — from the same server
 * data the admin's order page reads (the order's transactions).
 */

const store = routeStoreForFile();
let members = 0;

async function signedUpMember(): Promise<Visitor> {
  members += 1;
  const email = `buyer${members}@example.com`;
  const member = new Visitor(store);
  await member.call(signupRoute.action, '/signup', {
    form: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'correct horse battery staple 9' },
  });
  const mail = await store.t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const code = /code is (\d{6})/.exec(mail.json().messages[0]?.text ?? '')?.[1] ?? '';
  const verified = await member.call(verifyEmailRoute.action, '/verify-email', { form: { code } });
  expect(verified.location).toBe('/account');
  return member;
}

/** Three mugs delivered to New York, paid by Visa 4242 after the demo gift card ($50, once) if asked. */
async function placeOrder(member: Visitor, withGiftCard = false): Promise<string> {
  await member.call(productRoute.action, '/products/stoneware-mug', {
    params: { slug: 'stoneware-mug' },
    form: { quantity: '3' },
  });
  const started = await member.call(cartRoute.action, '/cart', { form: { intent: 'checkout' } });
  const checkoutId = started.location?.match(/^\/checkout\/([^/?#]+)$/)?.[1] ?? '';
  const path = `/checkout/${checkoutId}`;
  const send = async (form: Record<string, string>) => {
    const reply = await member.call(checkoutRoute.action, path, { params: { checkoutId }, form });
    expect(reply.status, JSON.stringify(reply.data)).toBe(302);
    return reply;
  };
  await send({
    intent: 'details',
    shippable: '1',
    billingSame: 'on',
    email: `buyer${members}@example.com`,
    'shipping.firstName': 'Ada',
    'shipping.lastName': 'Lovelace',
    'shipping.country': 'US',
    'shipping.addressLine': '1 Main St',
    'shipping.city': 'New York',
    'shipping.subdivision': 'NY',
    'shipping.postalCode': '10001',
  });
  await send({ intent: 'shipping', shippingOption: 'us-standard' });
  if (withGiftCard) await send({ intent: 'gift-card', giftCardCode: store.giftCardCode });
  const placed = await send({
    intent: 'place',
    cardNumber: '4242 4242 4242 4242',
    cardExpiry: '12 / 30',
    cardCvc: '123',
  });
  const orderId = placed.location?.match(/^\/thank-you\/([^/?#]+)/)?.[1];
  expect(orderId, placed.location ?? '').toBeTruthy();
  return orderId as string;
}

describe('the member’s order page', () => {
  test('lists the gift card, the card payment and a refund, as the admin’s order data says', async () => {
    const member = await signedUpMember();
    const orderId = await placeOrder(member, true);
    const page = (path = `/account/orders/${orderId}`) =>
      member.call(orderRoute.loader, path, { params: { orderId } });

    const before = (await page()).data;
    expect(before.order.giftCard.amount.formattedAmount).toBe('$50.00');
    expect(before.transactions.payments).toHaveLength(1);
    const [card] = before.transactions.payments;
    expect(card).toMatchObject({ method: 'Visa ••••4242', status: 'CAPTURED' });
    // The card paid what the gift card left: the order's total less $50.00.
    expect(Number(card.amount.amount)).toBeCloseTo(Number(before.order.priceSummary.total.amount) - 50, 2);
    expect(before.transactions.refunds).toEqual([]);

    const mug = before.order.lineItems[0];
    await store.merchant('POST', '/ecom/v1/order-billing/refund-payments', {
      orderId,
      details: { items: [{ lineItemId: mug.id, quantity: 1 }], reason: 'Chipped' },
    });
    const after = (await page()).data;
    expect(after.transactions.refunds).toHaveLength(1);
    expect(after.transactions.refunds[0].details.reason).toBe('Chipped');
    // The merchant's reply for the same order: the same payments and refunds, to the cent.
    const { orderTransactions } = await store.merchant('GET', `/ecom/v1/payments/orders/${orderId}`);
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
    expect(plain(after.transactions.payments)).toEqual(orderTransactions.payments);
    expect(plain(after.transactions.refunds)).toEqual(orderTransactions.refunds);
  });

  test('another member cannot read the order’s payments: it answers as a missing order', async () => {
    const buyer = await signedUpMember();
    const orderId = await placeOrder(buyer);
    const other = await signedUpMember();
    const reply = await other
      .call(orderRoute.loader, `/account/orders/${orderId}`, { params: { orderId } })
      .catch((error: { init?: { status?: number }; status?: number }) => ({
        status: error.init?.status ?? error.status,
      }));
    expect(reply.status).toBe(404);
  });
});
