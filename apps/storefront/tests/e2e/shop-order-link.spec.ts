import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../packages/server/src/testing/smtp.js';
import { uniqueEmail } from './account-support.js';
import { browserAvailable, launchBrowser } from './browser.js';
import {
  addToCartFromPage,
  deliverEvents,
  fillCheckoutDetails,
  fillSandboxCard,
  merchantCall,
  type ShopServer,
  startShop,
} from './shop-fixture.js';

// A guest's order e-mail links to the order itself (ADR 042): the link from the confirmation, received
// over real SMTP, opened in a fresh browser with no cookies, shows the order, its shipment's tracking
// link and its refund; the same link with its key altered is the shop's 404.
describe.runIf(browserAvailable())('shop: a guest opens their order from the e-mail', () => {
  let smtp: TestSmtpServer;
  let shop: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.t.close();
    await smtp?.close();
  });

  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    merchantCall(shop, method, url, payload);

  it('checks out as a guest, then opens the e-mailed order link in another browser; a tampered one is 404', {
    timeout: 120_000,
  }, async () => {
    const email = uniqueEmail('guest-link');
    const buyer = await browser.newContext();
    const page = await buyer.newPage();
    // Leaving the page before the add has answered would cancel it.
    const added = page.waitForResponse((response) => response.request().method() === 'POST');
    await addToCartFromPage(page, shop.baseUrl, 'linen-tee');
    expect((await added).status()).toBe(200);
    await page.goto(`${shop.baseUrl}/cart`);
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    await fillCheckoutDetails(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).count()).toBe(1);
    await page.getByRole('radio', { name: /Standard/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    const orderId = new URL(page.url()).pathname.split('/').pop() as string;
    await buyer.close();

    // The merchant ships it with tracking and refunds part of it.
    const order = (await admin('GET', `/admin-api/v1/orders/${orderId}`)).order;
    const trackingLink = 'https://track.example.com/?n=JD014600006281230704';
    await admin('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
      fulfillment: {
        lineItems: [{ id: order.lineItems[0].id, quantity: 1 }],
        trackingInfo: { shippingProvider: 'DHL', trackingNumber: 'JD014600006281230704', trackingLink },
      },
    });
    await admin('POST', '/ecom/v1/order-billing/refund-payments', {
      orderId,
      paymentRefunds: [{ amount: '3.00' }],
      details: { reason: 'Late delivery' },
    });
    await deliverEvents(shop);

    const confirmation = await smtp.waitFor(
      (mail) => mail.to.includes(email) && /order #\d+ received/.test(mail.subject),
      30_000,
    );
    const link = new RegExp(`https?://[^\\s"<>]+/orders/${orderId}\\?key=[\\w-]+`).exec(
      confirmation.text,
    )?.[0];
    expect(link, confirmation.text).toBeTruthy();
    const url = new URL(link as string);

    // A fresh browser: no cookies, no account.
    const guest = await browser.newContext();
    const reader = await guest.newPage();
    const opened = await reader.goto(`${shop.baseUrl}${url.pathname}${url.search}`);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['cache-control']).toBe('private, no-store');
    await expect
      .poll(() => reader.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Order #${order.number}`);
    const main = (await reader.locator('main').textContent()) ?? '';
    expect(main).toContain('Linen Tee');
    expect(main).toContain('Partly refunded');
    expect(main).toContain('Refund of $3.00');
    expect(main).toContain(order.priceSummary.total.formattedAmount);
    expect(await reader.locator(`a[href="${trackingLink}"]`).count()).toBe(1);
    // Reading the order made no visitor: no cookie was set.
    expect(await guest.cookies()).toEqual([]);

    // The same link with its key altered, or without it: the shop's 404, nothing about the order.
    const key = url.searchParams.get('key') as string;
    const altered = `${key.slice(0, -2)}${key.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const search of [`?key=${altered}`, '']) {
      const refused = await reader.goto(`${shop.baseUrl}${url.pathname}${search}`);
      expect(refused?.status()).toBe(404);
      const text = (await reader.locator('main').textContent()) ?? '';
      expect(text).toContain('Page not found');
      expect(text).not.toContain(String(order.number));
      expect(text).not.toContain('Linen Tee');
    }
    await guest.close();
  });
});
