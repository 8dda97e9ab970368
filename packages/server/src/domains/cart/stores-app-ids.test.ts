import { checkout as checkoutModule, currentCart, orders as ordersModule } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import { type TestApp, visitorToken } from '../../testing/index.js';
import { NEW_YORK_DELIVERY, sandboxCard } from '../../testing/orders.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';
import { outboxEvents } from '../events/events.schema.js';

// The platform's clients name the Stores catalog with two app ids: the catalog's own (its docs, the public
// packages) and the Stores app's definition id, which Wix's headless templates send. Both buy from the same
// catalog; each line keeps the one it was added with, from cart to checkout to order and its events.
const CATALOG_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const STORES_APP_DEF_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

let t: TestApp;
let restoreFetch: () => void = () => {};
let mug: TestProduct;
let tee: TestProduct;

beforeAll(async () => {
  const listening = await listeningTestApp();
  t = listening.t;
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1000 });
  tee = await createTestProduct(t.database.db, { name: 'Tee', priceMinor: 2000 });
  restoreFetch = routeWixSdkTo(listening.base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const shopper = (visitor: string) =>
  createClient({
    modules: { currentCart, checkout: checkoutModule, orders: ordersModule },
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: visitorToken(visitor) } }) },
  });

const appIds = (lines: { catalogReference?: { appId?: string; catalogItemId?: string } }[] | undefined) =>
  Object.fromEntries(
    (lines ?? []).map((line) => [line.catalogReference?.catalogItemId, line.catalogReference?.appId]),
  );

describe('the Stores app ids of the platform', () => {
  it('adds with either id, echoes the one sent in the cart, the checkout, the order and its event', async () => {
    const wix = shopper('app-ids');
    const { cart } = await wix.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: { appId: STORES_APP_DEF_ID, catalogItemId: mug.id }, quantity: 2 },
        { catalogReference: { appId: CATALOG_APP_ID, catalogItemId: tee.id }, quantity: 1 },
      ],
    });
    expect(appIds(cart?.lineItems)).toEqual({ [mug.id]: STORES_APP_DEF_ID, [tee.id]: CATALOG_APP_ID });
    expect(cart?.lineItems?.[0]?.price?.amount).toBe('10.00');
    // The same product again under the other id is the same catalog item: one line, its first app id.
    const again = await wix.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: CATALOG_APP_ID, catalogItemId: mug.id }, quantity: 1 }],
    });
    const mugLine = again.cart?.lineItems?.find((line) => line.catalogReference?.catalogItemId === mug.id);
    expect(mugLine).toMatchObject({ quantity: 3, catalogReference: { appId: STORES_APP_DEF_ID } });
    expect(again.cart?.lineItems).toHaveLength(2);

    const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({
      channelType: currentCart.ChannelType.WEB,
    });
    const checkout = await wix.checkout.getCheckout(checkoutId as string);
    expect(appIds(checkout.lineItems)).toEqual({ [mug.id]: STORES_APP_DEF_ID, [tee.id]: CATALOG_APP_ID });

    const token = visitorToken('app-ids');
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { authorization: token }, payload });
    expect(
      (
        await send('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
          checkout: { buyerInfo: { email: 'app-ids@example.com' }, shippingInfo: NEW_YORK_DELIVERY },
        })
      ).statusCode,
    ).toBe(200);
    const placed = await send('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: sandboxCard(),
    });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().orderId as string;
    const order = await wix.orders.getOrder(orderId);
    expect(appIds(order.lineItems)).toEqual({ [mug.id]: STORES_APP_DEF_ID, [tee.id]: CATALOG_APP_ID });

    const [created] = await t.database.db
      .select({ payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.entityId, orderId), eq(outboxEvents.type, 'ecom.order.created')));
    const payload = created?.payload as { order?: { lineItems?: Parameters<typeof appIds>[0] } } | undefined;
    const eventLines = payload?.order?.lineItems;
    expect(appIds(eventLines)).toEqual({ [mug.id]: STORES_APP_DEF_ID, [tee.id]: CATALOG_APP_ID });
  });

  it('refuses an app id that is no catalog of this store, naming the field, and keeps the cart', async () => {
    const wix = shopper('unknown-app');
    await wix.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_DEF_ID, catalogItemId: mug.id }, quantity: 1 }],
    });
    const error = await wix.currentCart
      .addToCurrentCart({
        lineItems: [
          {
            catalogReference: { appId: '00000000-0000-0000-0000-00000000abcd', catalogItemId: tee.id },
            quantity: 1,
          },
        ],
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      details: {
        validationError: {
          fieldViolations: [
            expect.objectContaining({
              field: 'options.lineItems[0].catalogReference.appId',
              violatedRule: 'VALIDATION',
            }),
          ],
        },
      },
    });
    const kept = await wix.currentCart.getCurrentCart();
    expect(appIds(kept.lineItems)).toEqual({ [mug.id]: STORES_APP_DEF_ID });
  });
});
