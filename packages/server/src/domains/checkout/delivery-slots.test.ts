import { checkout as checkoutModule, currentCart } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, type TestProduct } from '../../testing/ecom.js';
import { type TestApp, visitorToken } from '../../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';
import { createShippingRegion } from '../store-setup/shipping/shipping.service.js';

// Delivery time slots (issue 19): every slot still ahead is an option of its own, identified by its
// code as the protocol identifies options; the one chosen sticks through estimate, checkout and order.
let t: TestApp;
let restoreFetch: () => void = () => {};
let clock = new Date('2030-01-01T08:00:00Z');
let vase: TestProduct;

const SLOTS = [
  { from: '2029-12-31T18:00:00.000Z', to: '2029-12-31T20:00:00.000Z' }, // already past
  { from: '2030-01-01T18:00:00.000Z', to: '2030-01-01T20:00:00.000Z' },
  { from: '2030-01-02T09:00:00.000Z', to: '2030-01-02T11:00:00.000Z' },
];
const FIRST = 'courier@20300101T180000Z/20300101T200000Z';
const SECOND = 'courier@20300102T090000Z/20300102T110000Z';
const texas = { country: 'US', subdivision: 'US-TX', city: 'Austin', postalCode: '73301' };

beforeAll(async () => {
  const listening = await listeningTestApp({ clock: () => clock });
  t = listening.t;
  await createShippingRegion(t.database.db, {
    name: 'Texas',
    destinations: ['US-TX'],
    rates: [
      { code: 'courier', title: 'Courier', kind: 'FLAT', amountMinor: 900, deliveryTimeSlots: SLOTS },
      { code: 'post', title: 'Post', kind: 'FLAT', amountMinor: 500 },
    ],
  });
  vase = await createTestProduct(t.database.db, { name: 'Vase', priceMinor: 3000, weight: 1 });
  restoreFetch = routeWixSdkTo(listening.base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

describe('delivery time slots', () => {
  it('offers each future slot as its own option, and the chosen one sticks through cart, checkout and order', async () => {
    clock = new Date('2030-01-01T08:00:00Z');
    const me = visitorToken('v-slots');
    await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(vase.id)] });
    const offered = (
      await send(me, 'POST', '/ecom/v1/carts/current/estimate-totals', { shippingAddress: texas })
    ).json();
    const store = offered.shippingInfo.carrierServiceOptions.find(
      (carrier: { carrierId: string }) => carrier.carrierId === 'store',
    );
    expect(store.shippingOptions.map((option: { code: string }) => option.code)).toEqual([
      FIRST,
      SECOND,
      'post',
    ]);
    expect(store.shippingOptions[1]).toMatchObject({
      title: 'Courier',
      logistics: { deliveryTimeSlot: { from: SLOTS[2]?.from, to: SLOTS[2]?.to } },
      cost: { price: { amount: '9.00' } },
    });
    expect(store.shippingOptions[2].logistics.deliveryTimeSlot).toBeUndefined();

    // The second slot, chosen on the cart, is what the estimate and the checkout made from it use.
    await send(me, 'PATCH', '/ecom/v1/carts/current', {
      cartInfo: { contactInfo: { address: texas }, selectedShippingOption: { code: SECOND } },
    });
    const estimate = (await send(me, 'POST', '/ecom/v1/carts/current/estimate-totals', {})).json();
    expect(estimate.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: SECOND,
      requestedShippingOption: true,
      logistics: { deliveryTimeSlot: { from: SLOTS[2]?.from, to: SLOTS[2]?.to } },
    });
    expect(estimate.priceSummary.shipping.amount).toBe('9.00');
    const { checkoutId } = (await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    const created = (await send(me, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    expect(created.shippingInfo.selectedCarrierServiceOption.code).toBe(SECOND);

    // Changing to the first slot and back on the checkout: each choice is the one shown.
    const choose = async (code: string) =>
      (
        await send(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
          checkout: {
            buyerInfo: { email: 'slots@example.com' },
            shippingInfo: { selectedCarrierServiceOption: { code } },
          },
        })
      ).json().checkout.shippingInfo.selectedCarrierServiceOption;
    expect((await choose(FIRST)).logistics.deliveryTimeSlot).toEqual({
      from: SLOTS[1]?.from,
      to: SLOTS[1]?.to,
    });
    expect((await choose(SECOND)).logistics.deliveryTimeSlot.from).toBe(SLOTS[2]?.from);

    const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    expect(placed.statusCode).toBe(200);
    const order = (await send(me, 'GET', `/ecom/v1/orders/${placed.json().orderId}`)).json().order;
    expect(order.shippingInfo).toMatchObject({
      code: SECOND,
      title: 'Courier',
      cost: { amount: '9.00' },
      logistics: { deliveryTimeSlot: { from: SLOTS[2]?.from, to: SLOTS[2]?.to } },
    });
  });

  it('a slot that passed before the order is an ERROR the order refuses, never another slot', async () => {
    clock = new Date('2030-01-01T08:00:00Z');
    const me = visitorToken('v-slots-late');
    await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(vase.id)] });
    const { checkoutId } = (
      await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {
        shippingAddress: texas,
        selectedShippingOption: { code: FIRST },
        email: 'late@example.com',
      })
    ).json();
    clock = new Date('2030-01-01T19:00:00Z');
    const late = (await send(me, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    expect(late.calculationErrors.selectedShippingOptionError.applicationError.code).toBe(
      'DELIVERY_SLOT_UNAVAILABLE',
    );
    expect(late.violations).toContainEqual(
      expect.objectContaining({ severity: 'ERROR', code: 'DELIVERY_SLOT_UNAVAILABLE' }),
    );
    const refused = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.applicationError.code).toBe('CHECKOUT_HAS_ERRORS');
  });

  it('a client that chose the rate by its plain code gets its earliest slot still ahead', async () => {
    clock = new Date('2030-01-01T19:00:00Z');
    const me = visitorToken('v-slots-plain');
    await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(vase.id)] });
    const estimate = (
      await send(me, 'POST', '/ecom/v1/carts/current/estimate-totals', {
        shippingAddress: texas,
        selectedShippingOption: { code: 'courier' },
      })
    ).json();
    expect(estimate.shippingInfo.selectedCarrierServiceOption.code).toBe(SECOND);
    expect(estimate.violations).toEqual([]);
  });

  it('the public @wix/ecom client chooses the second slot and reads it back as Dates', async () => {
    clock = new Date('2030-01-01T08:00:00Z');
    const token = visitorToken('v-slots-sdk');
    const wix = createClient({
      auth: { getAuthHeaders: async () => ({ headers: { Authorization: token } }) },
      modules: { currentCart, checkout: checkoutModule },
    });
    await wix.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', catalogItemId: vase.id },
          quantity: 1,
        },
      ],
    });
    const created = await wix.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      shippingAddress: texas,
    });
    const checkoutId = created.checkoutId as string;
    const options = (await wix.checkout.getCheckout(checkoutId)).shippingInfo?.carrierServiceOptions;
    const second = options?.[0]?.shippingOptions?.[1];
    expect(second?.code).toBe(SECOND);
    const updated = await wix.checkout.updateCheckout(checkoutId, {
      shippingInfo: { selectedCarrierServiceOption: { code: second?.code as string } },
    });
    // deliveryTimeSlot is in the client's date paths though its public typings leave it out.
    const logistics = updated.shippingInfo?.selectedCarrierServiceOption?.logistics as
      | { deliveryTimeSlot?: { from?: Date; to?: Date } }
      | undefined;
    const slot = logistics?.deliveryTimeSlot;
    expect(slot?.from).toEqual(new Date(SLOTS[2]?.from as string));
    expect(slot?.to).toEqual(new Date(SLOTS[2]?.to as string));
  });
});
