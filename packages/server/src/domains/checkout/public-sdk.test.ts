import { checkout, currentCart } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestProduct,
  issueTestGiftCard,
  setUpTestStore,
  type TestProduct,
} from '../../testing/ecom.js';
import { type TestApp, visitorToken } from '../../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';
import { orders } from '../orders/orders.schema.js';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-card.provider.js';
import { STORES_APP_ID } from '../pricing/lines/line.types.js';
import { getGiftCard } from '../store-setup/promotions/gift-cards.service.js';

// The real public client (@wix/ecom currentCart and checkout modules on @wix/sdk) against a listening
// server, pointed at it by rewriting the global fetch exactly as wire-protocol.md §1.3 shows. Nobody
// here wrote that client: if it fails against the server, the server is wrong. Until the identity
// domain issues visitor tokens, the client authenticates with a custom auth object and a test token.
let restoreFetch: () => void = () => {};

let t: TestApp;
let mug: TestProduct;
let shirt: TestProduct;
let giftCard: { id: string; code: string };

beforeAll(async () => {
  const listening = await listeningTestApp();
  t = listening.t;
  const db = t.database.db;
  await setUpTestStore(db);
  mug = await createTestProduct(db, {
    name: 'Mug',
    priceMinor: 1250,
    weight: 0.4,
    sku: 'MUG',
    stock: { trackInventory: true, quantity: 10 },
  });
  shirt = await createTestProduct(db, {
    name: 'T-shirt',
    priceMinor: 2000,
    manageVariants: true,
    productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
  });
  giftCard = await issueTestGiftCard(db, 3000);
  restoreFetch = routeWixSdkTo(listening.base);
});

afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const TEST_CARD = { number: SANDBOX_CARDS.success[0], expMonth: 12, expYear: 2099, cvc: '123' };
/** What the client throws for a shopper with no cart. */
const NO_CART = { status: 404, details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } } };

function wixClient(token: string) {
  return createClient({
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: token } }) },
    modules: { currentCart, checkout },
  });
}

describe('the public @wix/ecom client against this server', () => {
  const wix = wixClient(visitorToken('v-sdk'));
  let checkoutId: string;
  const newYork = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' };

  it('runs the whole flow: add → quantity → coupon → estimate → checkout → addresses → gift card → order → completed', async () => {
    // No cart yet: the platform's 404, which apps catch as "empty" (wire-protocol.md §8.1).
    await expect(wix.currentCart.getCurrentCart()).rejects.toMatchObject(NO_CART);

    const { cart: added } = await wix.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: { appId: STORES_APP_ID, catalogItemId: mug.id }, quantity: 1 },
        {
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: shirt.id,
            options: { options: { Size: 'M' } },
          },
          quantity: 1,
        },
      ],
    });
    expect(added?._id).toBeTruthy();
    expect(added?._createdDate).toBeInstanceOf(Date);
    const mugLine = added?.lineItems?.[0];
    expect(mugLine?.productName?.original).toBe('Mug');
    expect(mugLine?.url).toBe(`${t.config.publicUrl}/product-page/mug`);

    const { cart: more } = await wix.currentCart.updateCurrentCartLineItemQuantity([
      { _id: mugLine?._id as string, quantity: 2 },
    ]);
    expect(more?.lineItems?.map((line) => line.quantity)).toEqual([2, 1]);

    const withCoupon = await wix.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });
    expect(withCoupon.appliedDiscounts?.[0]?.coupon?.code).toBe('SAVE10');

    // Subtotal 2 × 12.50 + 20.00 = 45.00; SAVE10 4.50 (2.50 + 2.00); NY standard 4.00; tax 8.875 %:
    // mug 22.50 → 2.00, shirt 18.00 → 1.60, shipping 4.00 → 0.36 = 3.96; total 40.50 + 4.00 + 3.96 = 48.46.
    const estimate = await wix.currentCart.estimateCurrentCartTotals({
      shippingAddress: newYork,
      selectedShippingOption: { code: 'std' },
    });
    expect(estimate.priceSummary).toMatchObject({
      subtotal: { amount: '45.00' },
      discount: { amount: '4.50' },
      shipping: { amount: '4.00' },
      tax: { amount: '3.96' },
      total: { amount: '48.46', formattedAmount: '$48.46' },
    });
    expect(estimate.shippingInfo?.selectedCarrierServiceOption?.code).toBe('std');
    expect(
      estimate.calculatedLineItems?.map((line) => line.pricesBreakdown?.taxDetails?.totalTax?.amount),
    ).toEqual(['2.00', '1.60']);
    expect(estimate.taxSummary?.calculationDetails?.rateType).toBe('MANUAL_RATE');

    const created = await wix.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    checkoutId = created.checkoutId as string;
    expect(checkoutId).toBeTruthy();

    const withAddresses = await wix.checkout.updateCheckout(checkoutId, {
      buyerInfo: { email: 'sdk-buyer@example.com' },
      shippingInfo: {
        shippingDestination: {
          address: { ...newYork, addressLine1: '1 Main St' },
          contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
        },
        selectedCarrierServiceOption: { code: 'std' },
      },
      billingInfo: { address: { ...newYork, addressLine1: '1 Main St' } },
    });
    expect(withAddresses._id).toBe(checkoutId);
    expect(withAddresses.shippingInfo?.shippingDestination?.address?.addressLine1).toBe('1 Main St');
    expect(withAddresses.priceSummary?.total?.amount).toBe('48.46');
    expect(withAddresses.lineItems?.[0]?.totalPriceAfterTax?.amount).toBe('24.50');

    const withGiftCard = await wix.checkout.updateCheckout(checkoutId, {}, { giftCardCode: giftCard.code });
    expect(withGiftCard.giftCard?.obfuscatedCode).toBe(`••••${giftCard.code.slice(-4)}`);
    expect(withGiftCard.giftCard?.amount?.amount).toBe('30.00');
    expect(withGiftCard.payNow?.total?.amount).toBe('18.46');

    // The protocol's createOrder cannot name a payment method: the storefront chooses the card first.
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/ecom/v1/checkouts/${checkoutId}/select-payment-method`,
      headers: { authorization: visitorToken('v-sdk') },
      payload: { paymentMethod: { type: 'SANDBOX_CARD', card: TEST_CARD } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const placed = await wix.checkout.createOrder(checkoutId, {});
    expect(placed.paymentGatewayOrderId).toMatch(/^sbx_/);
    expect(placed.orderId).toBeTruthy();
    expect(
      await wix.checkout.markCheckoutAsCompleted(checkoutId, { orderId: placed.orderId as string }),
    ).toBeUndefined();
    const completed = await wix.checkout.getCheckout(checkoutId);
    expect(completed.completed).toBe(true);
    await expect(wix.currentCart.getCurrentCart()).rejects.toMatchObject(NO_CART);

    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed.orderId as string));
    expect(order?.totalMinor).toBe(4846);
    expect(order?.totals.payNow).toBe(1846);
    expect(order?.paymentStatus).toBe('PAID');
    expect((await getGiftCard(t.database.db, giftCard.id)).balanceMinor).toBe(0);
  });

  it('reports errors the way the client expects: 409 on a completed checkout, validation fields', async () => {
    const late = await wix.checkout.removeCoupon(checkoutId).catch((error: unknown) => error);
    expect(late).toMatchObject({ details: { applicationError: { code: 'CHECKOUT_ALREADY_COMPLETED' } } });
    const bad = await wix.currentCart
      .addToCurrentCart({
        lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: mug.id }, quantity: 0 }],
      })
      .catch((error: unknown) => error);
    expect(
      (bad as { details: { validationError: { fieldViolations: { field: string }[] } } }).details
        .validationError.fieldViolations[0]?.field,
    ).toContain('lineItems[0].quantity');
  });
});
