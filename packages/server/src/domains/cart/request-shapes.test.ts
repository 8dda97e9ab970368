import { cart as cartModule } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import { merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';

// Shapes the protocol's clients send in cart and checkout requests (issue 19): kept, never dropped;
// where a value cannot be used, a 400 naming the field.
let t: TestApp;
let app: string;
let restoreFetch: () => void = () => {};
let mug: TestProduct;

beforeAll(async () => {
  const listening = await listeningTestApp();
  t = listening.t;
  await setUpTestStore(t.database.db);
  app = await merchantKey(t.database, 'app');
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1000 });
  restoreFetch = routeWixSdkTo(listening.base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const violation = (reply: { json(): { details: { validationError: { fieldViolations: unknown[] } } } }) =>
  reply.json().details.validationError.fieldViolations[0];

describe('request shapes of the public clients', () => {
  it('catalogOverrideFields.image as the SDK object or a string is kept; one with no URL is a 400', async () => {
    const image = {
      id: 'abc123',
      url: 'https://cdn.example/engraved.jpg',
      width: 640,
      height: 480,
      altText: 'Engraved',
      filename: 'engraved.jpg',
    };
    const created = await send(app, 'POST', '/ecom/v1/checkouts', {
      channelType: 'POS',
      lineItems: [
        { ...lineItem(mug.id), catalogOverrideFields: { image } },
        { ...lineItem(mug.id), catalogOverrideFields: { image: 'https://cdn.example/plain.jpg' } },
      ],
    });
    const [withObject, withString] = created.json().checkout.lineItems;
    expect(withObject.media).toEqual({ url: image.url, width: 640, height: 480, altText: 'Engraved' });
    expect(withObject.catalogOverrideFields.image).toEqual(withObject.media);
    expect(withString.media).toEqual({ url: 'https://cdn.example/plain.jpg' });
    const idOnly = await send(app, 'POST', '/ecom/v1/checkouts', {
      lineItems: [
        { ...lineItem(mug.id), catalogOverrideFields: { image: { id: 'abc', width: 1, height: 1 } } },
      ],
    });
    expect(violation(idOnly)).toMatchObject({
      field: 'lineItems[0].catalogOverrideFields.image.url',
      violatedRule: 'FORMAT',
    });
  });

  it('custom lines keep colour description lines as COLOR with their colour', async () => {
    const created = await send(app, 'POST', '/ecom/v1/checkouts', {
      customLineItems: [
        {
          productName: { original: 'Paint' },
          price: '12.00',
          quantity: 1,
          descriptionLines: [
            { name: { original: 'Colour' }, colorInfo: { original: 'Ocean', code: '#0055AA' } },
            { name: { original: 'Finish' }, plainText: { original: 'Matte' } },
          ],
        },
      ],
    });
    expect(created.json().checkout.lineItems[0].descriptionLines).toEqual([
      {
        name: { original: 'Colour', translated: 'Colour' },
        lineType: 'COLOR',
        colorInfo: { original: 'Ocean', translated: 'Ocean', code: '#0055AA' },
      },
      {
        name: { original: 'Finish', translated: 'Finish' },
        lineType: 'PLAIN_TEXT',
        plainText: { original: 'Matte', translated: 'Matte' },
      },
    ]);
  });

  it('couponCode on the cart: applied (trimmed, any case) on update and on creation; null and "" keep it', async () => {
    const me = visitorToken('v-coupon-shapes');
    await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, 3)] });
    const applied = (await send(me, 'PATCH', '/ecom/v1/carts/current', { couponCode: '  save10 ' })).json()
      .cart;
    expect(applied.appliedDiscounts[0].coupon.code).toBe('SAVE10');
    for (const couponCode of [null, '']) {
      const kept = await send(me, 'PATCH', '/ecom/v1/carts/current', {
        couponCode,
        cartInfo: { buyerNote: 'n' },
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().cart.appliedDiscounts[0].coupon.code).toBe('SAVE10');
    }
    const unknown = await send(me, 'PATCH', '/ecom/v1/carts/current', { couponCode: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    const created = await send(app, 'POST', '/ecom/v1/carts', {
      cartInfo: { buyerInfo: { visitorId: 'v-coupon-created' } },
      couponCode: 'FIVEOFF',
      lineItems: [lineItem(mug.id, 3)],
    });
    expect(created.json().cart.appliedDiscounts[0].coupon.code).toBe('FIVEOFF');
  });

  it('cartFieldmask: only the parts of cartInfo it names change, in either form; an unknown part is a 400', async () => {
    const me = visitorToken('v-cart-mask');
    await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id)] });
    const contactInfo = {
      address: { country: 'US', city: 'Portland' },
      contactDetails: { firstName: 'Ada' },
    };
    await send(me, 'PATCH', '/ecom/v1/carts/current', { cartInfo: { buyerNote: 'first', contactInfo } });
    const elsewhere = { address: { country: 'DE', city: 'Berlin' } };
    for (const cartFieldmask of ['buyerNote', { paths: ['cartInfo.buyerNote'] }]) {
      const masked = await send(me, 'PATCH', '/ecom/v1/carts/current', {
        cartInfo: { buyerNote: `masked ${typeof cartFieldmask}`, contactInfo: elsewhere },
        cartFieldmask,
      });
      expect(masked.statusCode).toBe(200);
      expect(masked.json().cart.buyerNote).toBe(`masked ${typeof cartFieldmask}`);
      expect(masked.json().cart.contactInfo.address).toMatchObject({ country: 'US', city: 'Portland' });
    }
    const bad = await send(me, 'PATCH', '/ecom/v1/carts/current', {
      cartInfo: { buyerNote: 'never' },
      cartFieldmask: 'buyerNote,currency',
    });
    expect(bad.statusCode).toBe(400);
    expect(violation(bad)).toMatchObject({ field: 'cartFieldmask', violatedRule: 'FIELD_NOT_ALLOWED' });
    const after = (await send(me, 'GET', '/ecom/v1/carts/current')).json().cart;
    expect(after.buyerNote).toBe('masked object');
  });

  it('"NaN" and "Infinity" floats: kept where any float will do, a 400 naming the field where a weight is needed', async () => {
    const me = visitorToken('v-floats');
    await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id)] });
    const located = await send(me, 'PATCH', '/ecom/v1/carts/current', {
      cartInfo: {
        contactInfo: { address: { country: 'US', geocode: { latitude: 'NaN', longitude: '-Infinity' } } },
      },
    });
    expect(located.json().cart.contactInfo.address.geocode).toEqual({
      latitude: 'NaN',
      longitude: '-Infinity',
    });
    const estimate = await send(me, 'POST', '/ecom/v1/carts/current/estimate-totals', {
      shippingAddress: { country: 'US', subdivision: 'US-OR', geocode: { latitude: 'Infinity' } },
    });
    expect(estimate.statusCode).toBe(200);
    const customWeight = await send(app, 'POST', '/ecom/v1/checkouts', {
      customLineItems: [
        { productName: { original: 'Crate' }, price: '1.00', physicalProperties: { weight: 'NaN' } },
      ],
    });
    expect(violation(customWeight)).toMatchObject({
      field: 'customLineItems[0].physicalProperties.weight',
      violatedRule: 'VALIDATION',
    });
    const overrideWeight = await send(app, 'POST', '/ecom/v1/checkouts', {
      lineItems: [
        { ...lineItem(mug.id), catalogOverrideFields: { physicalProperties: { weight: 'Infinity' } } },
      ],
    });
    expect(violation(overrideWeight)).toMatchObject({
      field: 'lineItems[0].catalogOverrideFields.physicalProperties.weight',
    });
    const word = await send(app, 'POST', '/ecom/v1/checkouts', {
      lineItems: [
        { ...lineItem(mug.id), catalogOverrideFields: { physicalProperties: { weight: 'heavy' } } },
      ],
    });
    expect(word.statusCode).toBe(400);
  });

  it('the public @wix/ecom cart module sends an override image string as its object, and reads it back', async () => {
    const me = visitorToken('v-sdk-image');
    const cartId = (
      await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id)] })
    ).json().cart.id;
    const wix = createClient({
      auth: { getAuthHeaders: async () => ({ headers: { Authorization: app } }) },
      modules: { cart: cartModule },
    });
    const updated = await wix.cart.updateCart(cartId, {
      lineItems: [
        {
          catalogReference: { appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', catalogItemId: mug.id },
          quantity: 1,
          catalogOverrideFields: { image: 'https://cdn.example/sdk.jpg' },
        },
      ],
    });
    const line = updated.lineItems?.find((item) => item.catalogOverrideFields);
    expect(line?.catalogOverrideFields?.image).toBe('https://cdn.example/sdk.jpg');
    expect(line?.image).toBe('https://cdn.example/sdk.jpg');
  });
});
