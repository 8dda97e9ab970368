import { describe, expect, test } from 'vitest';
import * as cartRoute from '../../app/routes/shop/cart';
import * as checkoutRoute from '../../app/routes/shop/checkout';
import * as productRoute from '../../app/routes/shop/product';
import { routeStoreForFile, Visitor } from './route-harness';

const store = routeStoreForFile();

/** A visitor at a fresh checkout of one Stoneware Mug, started from the cart as the page's button does. */
async function atCheckout() {
  const visitor = new Visitor(store);
  await visitor.call(productRoute.action, '/products/stoneware-mug', {
    params: { slug: 'stoneware-mug' },
    form: { quantity: '1' },
  });
  const started = await visitor.call(cartRoute.action, '/cart', { form: { intent: 'checkout' } });
  expect(started.status).toBe(302);
  const checkoutId = started.location?.match(/^\/checkout\/([^/?#]+)$/)?.[1];
  expect(checkoutId).toBeTruthy();
  const path = `/checkout/${checkoutId}`;
  const params = { checkoutId: checkoutId as string };
  return {
    path,
    send: (form: Record<string, string>) => visitor.call(checkoutRoute.action, path, { params, form }),
    read: async () => (await visitor.call(checkoutRoute.loader, path, { params })).data.checkout,
  };
}

const CONTACT = {
  email: 'ada@example.com',
  'shipping.firstName': 'Ada',
  'shipping.lastName': 'Lovelace',
};

describe('checkout action: contact and address step', () => {
  test('a US address without its ZIP code and state is refused at those fields, in the country’s words', async () => {
    const checkout = await atCheckout();
    const reply = await checkout.send({
      intent: 'details',
      shippable: '1',
      billingSame: 'on',
      ...CONTACT,
      'shipping.country': 'US',
      'shipping.addressLine': '1 Main St',
      'shipping.city': 'New York',
    });
    expect(reply.status).toBe(400);
    expect(reply.data.intent).toBe('details');
    expect(reply.data.errors.fields).toEqual({
      'shipping.postalCode': 'Enter the ZIP code.',
      'shipping.subdivision': 'Choose the state.',
    });
    // What was typed comes back, so the page drawn again without JavaScript keeps it.
    expect(reply.data.values).toMatchObject({ 'shipping.city': 'New York', email: 'ada@example.com' });
    expect((await checkout.read()).email).toBeFalsy();
  });

  test('a complete US address is stored and the page is shown again', async () => {
    const checkout = await atCheckout();
    const reply = await checkout.send({
      intent: 'details',
      shippable: '1',
      billingSame: 'on',
      ...CONTACT,
      'shipping.country': 'US',
      'shipping.addressLine': '1 Main St',
      'shipping.city': 'New York',
      'shipping.subdivision': 'NY',
      'shipping.postalCode': '10001',
    });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(checkout.path);
    const stored = await checkout.read();
    expect(stored.email).toBe('ada@example.com');
    expect(stored.shippingOptions.length).toBeGreaterThan(0);
  });

  test('a country the store does not serve is refused by name at the country field', async () => {
    const checkout = await atCheckout();
    const reply = await checkout.send({
      intent: 'details',
      shippable: '1',
      billingSame: 'on',
      ...CONTACT,
      'shipping.country': 'JP',
      'shipping.addressLine': '1-1 Chiyoda',
      'shipping.city': 'Tokyo',
    });
    expect(reply.status).toBe(400);
    expect(reply.data.errors.fields['shipping.country']).toBe(
      'We do not deliver to Japan. Choose one of the countries in the list.',
    );
  });

  test('store pickup needs only the contact details, and chooses the pickup', async () => {
    const checkout = await atCheckout();
    const missingName = await checkout.send({
      intent: 'details',
      shippable: '1',
      receive: 'pickup',
      email: 'ada@example.com',
    });
    expect(missingName.status).toBe(400);
    expect(missingName.data.errors.fields).toEqual({
      'shipping.firstName': 'Enter a first name.',
      'shipping.lastName': 'Enter a last name.',
    });
    const reply = await checkout.send({ intent: 'details', shippable: '1', receive: 'pickup', ...CONTACT });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(checkout.path);
    const stored = await checkout.read();
    expect(stored.email).toBe('ada@example.com');
    expect(stored.selectedShippingCode).toBe('store-pickup');
  });
});

describe('checkout action: codes', () => {
  test('a coupon is applied and the page returns to the codes section', async () => {
    const checkout = await atCheckout();
    const reply = await checkout.send({ intent: 'coupon', couponCode: 'SAVE10' });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`${checkout.path}#discounts`);
    expect((await checkout.read()).couponCode).toBe('SAVE10');
  });

  test('an unknown coupon and an empty one are refused at the coupon field', async () => {
    const checkout = await atCheckout();
    const unknown = await checkout.send({ intent: 'coupon', couponCode: 'NOT-A-CODE' });
    expect(unknown.status).toBe(400);
    expect(unknown.data.errors.fields.couponCode).toEqual(expect.stringMatching(/\S/));
    expect(unknown.data.errors.fields.couponCode).not.toMatch(/COUPON_/);
    const empty = await checkout.send({ intent: 'coupon', couponCode: '' });
    expect(empty.data.errors.fields.couponCode).toBe('Enter a coupon code.');
    expect((await checkout.read()).couponCode).toBeUndefined();
  });
});

describe('checkout action: payment step', () => {
  test('a wrong card is refused at each of its fields at once, and its digits are not sent back', async () => {
    const checkout = await atCheckout();
    const reply = await checkout.send({
      intent: 'place',
      paymentMethod: 'SANDBOX_CARD',
      cardNumber: '4242 4242 4242 4241',
      cardExpiry: '01 / 20',
      cardCvc: '12',
    });
    expect(reply.status).toBe(400);
    expect(reply.data.intent).toBe('place');
    expect(reply.data.errors.fields).toEqual({
      cardNumber: 'This card number is not valid. Check the digits and try again.',
      cardExpiry: 'This card has expired. Use another card.',
      cardCvc: 'Enter the 3 digit security code from the card.',
    });
    expect(JSON.stringify(reply.data)).not.toMatch(/4242/);
  });

  test('a gift card code of spaces is refused as an empty one', async () => {
    const checkout = await atCheckout();
    const reply = await checkout.send({ intent: 'gift-card', giftCardCode: '   ' });
    expect(reply.status).toBe(400);
    expect(reply.data.errors.fields).toEqual({ giftCardCode: 'Enter the gift card code.' });
  });
});
