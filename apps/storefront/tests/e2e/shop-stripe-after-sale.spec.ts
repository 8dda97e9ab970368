import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, type TestProduct } from '../../../../packages/server/src/testing/ecom.js';
import {
  type FakeStripe,
  startFakeStripe,
} from '../../../../packages/server/src/testing/fake-stripe/index.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../packages/server/src/testing/smtp.js';
import { PASSWORD, uniqueEmail } from './account-support.js';
import { browserAvailable, launchBrowser } from './browser.js';
import {
  chooseDelivery,
  deliverEvents,
  fillCheckoutDetails,
  merchantCall,
  type ShopServer,
  startShop,
} from './shop-fixture.js';

// A sale as a merchant lives it, after the card: a member pays through Stripe (the local fake of its API
// and Stripe.js) on the hosted checkout, the merchant refunds part of it through Stripe and ships the
// rest with tracking, and every e-mail arrives over real SMTP on loopback with links that work.
describe.runIf(browserAvailable())(
  'shop: a Stripe sale, a partial refund, a shipment and their e-mails',
  () => {
    let stripe: FakeStripe;
    let smtp: TestSmtpServer;
    let shop: ShopServer;
    let browser: Browser;
    let cup: TestProduct;
    let kettle: TestProduct;

    beforeAll(async () => {
      stripe = await startFakeStripe({ autoDeliver: true });
      smtp = await startTestSmtpServer();
      shop = await startShop({ ...stripe.env, SMTP_URL: smtp.url });
      stripe.setWebhookUrl(`${shop.baseUrl}/payments/v1/stripe/webhook`, true);
      const db = shop.t.database.db;
      cup = await createTestProduct(db, { name: 'Enamel Cup', priceMinor: 1800 });
      kettle = await createTestProduct(db, { name: 'Copper Kettle', priceMinor: 6400 });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.t.close();
      await stripe?.close();
      await smtp?.close();
    });

    const mailTo = (to: string, subject: RegExp) =>
      smtp.waitFor((mail) => mail.to.includes(to) && subject.test(mail.subject), 30_000);
    const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
      merchantCall(shop, method, url, payload);

    it('pays by card, is refunded in part through Stripe, ships with tracking, and is told each time', {
      timeout: 180_000,
    }, async () => {
      const email = uniqueEmail('after-sale');
      const context = await browser.newContext();
      const page = await context.newPage();

      // A member: signed up with the code that arrived over SMTP.
      await page.goto(`${shop.baseUrl}/signup`);
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(`${shop.baseUrl}/verify-email`);
      const code = /(\d{6})/.exec((await mailTo(email, /verification code/)).text)?.[1] as string;
      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(`${shop.baseUrl}/account`);

      // A cup and a kettle, paid through Stripe's Payment Element.
      for (const product of [cup, kettle]) {
        await page.goto(`${shop.baseUrl}/products/${product.slug}`, { waitUntil: 'networkidle' });
        const added = page.waitForResponse((response) => response.request().method() === 'POST');
        await page.getByRole('button', { name: 'Add to cart' }).click();
        expect((await added).status()).toBe(200);
      }
      await page.goto(`${shop.baseUrl}/cart`);
      await page.getByRole('button', { name: 'Check out' }).click();
      await page.waitForURL(/\/checkout\//);
      await fillCheckoutDetails(page);
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: /Continue|Update details/ }).click();
      await chooseDelivery(page);
      await expect.poll(() => page.getByLabel('Card number').count(), { timeout: 15_000 }).toBe(1);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: /^Place order/ }).click();
      await page.waitForURL(/\/thank-you\//, { timeout: 30_000 });
      const orderId = new URL(page.url()).pathname.split('/').pop() as string;
      await deliverEvents(shop);

      // The confirmation: both parts name the lines, and its link opens the order in the account.
      const confirmation = await mailTo(email, /order #\d+ received/);
      for (const part of [confirmation.text, confirmation.html]) {
        expect(part).toContain('Enamel Cup');
        expect(part).toContain('Copper Kettle');
      }
      const orderLink = new RegExp(`https?://[^\\s"<>]+/account/orders/${orderId}`).exec(
        confirmation.text,
      )?.[0];
      expect(orderLink).toBeTruthy();
      await page.goto(`${shop.baseUrl}${new URL(orderLink as string).pathname}`);
      await expect.poll(() => page.locator('main').textContent()).toContain('Copper Kettle');

      // The merchant refunds the cup through Stripe: the charge is refunded by exactly that amount.
      const order = (await admin('GET', `/admin-api/v1/orders/${orderId}`)).order;
      const cupLine = order.lineItems.find(
        (line: { productName: { original: string } }) => line.productName.original === 'Enamel Cup',
      );
      const kettleLine = order.lineItems.find(
        (line: { productName: { original: string } }) => line.productName.original === 'Copper Kettle',
      );
      const refunded = (
        await admin('POST', '/ecom/v1/order-billing/refund-payments', {
          orderId,
          details: { items: [{ lineItemId: cupLine.id, quantity: 1 }], reason: 'Arrived chipped' },
          sideEffects: { restockInfo: { type: 'NO_ITEMS' } },
        })
      ).refund;
      const charge = [...stripe.charges.values()].find((c) => c.amount_refunded > 0);
      expect(charge?.amount_refunded).toBe(Math.round(Number(refunded.amount.amount) * 100));
      expect((await admin('GET', `/admin-api/v1/orders/${orderId}`)).order.paymentStatus).toBe(
        'PARTIALLY_REFUNDED',
      );

      // And ships the kettle with tracking.
      const trackingLink = 'https://track.example.com/?n=JD014600006281230704';
      await admin('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
        fulfillment: {
          lineItems: [{ id: kettleLine.id, quantity: 1 }],
          trackingInfo: { shippingProvider: 'DHL', trackingNumber: 'JD014600006281230704', trackingLink },
        },
      });
      await deliverEvents(shop);

      const refundMail = await mailTo(email, /refund for order/);
      expect(refundMail.text).toContain(refunded.amount.amount);
      const shippingMail = await mailTo(email, /has shipped/);
      expect(shippingMail.text).toContain(trackingLink);
      expect(shippingMail.html).toContain(trackingLink.replace('&', '&amp;'));
      // The shipping e-mail's order link opens the order, which shows the shipment's tracking link.
      const shippedLink = new RegExp(`https?://[^\\s"<>]+/account/orders/${orderId}`).exec(
        shippingMail.text,
      )?.[0];
      await page.goto(`${shop.baseUrl}${new URL(shippedLink as string).pathname}`);
      await expect
        .poll(() => page.locator(`a[href="${trackingLink}"]`).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await context.close();
    });
  },
);
