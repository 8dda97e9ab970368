import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDeposit } from '../../../../packages/server/src/domains/catalog/products/deposits.service.js';
import { createShippingRegion } from '../../../../packages/server/src/domains/store-setup/shipping/shipping.service.js';
import { createTestProduct } from '../../../../packages/server/src/testing/ecom.js';
import { merchantKey } from '../../../../packages/server/src/testing/index.js';
import { browserAvailable, launchBrowser } from './browser.js';
import {
  addAndCheckOut,
  fillCheckoutDetails,
  fillSandboxCard,
  type ShopServer,
  startShop,
} from './shop-fixture.js';

// The hosted checkout with a rate that delivers in time slots and a product that takes a deposit
// (issue 19): the buyer picks the second slot, sees what is paid now and later, pays the part due now.
describe.runIf(browserAvailable())('shop: delivery slot and deposit', () => {
  let shop: ShopServer;
  let browser: Browser;
  const day = 86_400_000;
  const start = Math.ceil(Date.now() / day) * day;
  const slots = [
    { from: new Date(start + 2 * day + 9 * 3_600_000), to: new Date(start + 2 * day + 12 * 3_600_000) },
    { from: new Date(start + 3 * day + 14 * 3_600_000), to: new Date(start + 3 * day + 17 * 3_600_000) },
  ];

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchBrowser();
    await createShippingRegion(shop.t.database.db, {
      name: 'Vermont',
      destinations: ['US-VT'],
      rates: [
        {
          code: 'courier',
          title: 'Courier',
          kind: 'FLAT',
          amountMinor: 1500,
          deliveryTimeSlots: slots.map((slot) => ({
            from: slot.from.toISOString(),
            to: slot.to.toISOString(),
          })),
        },
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.t.close();
  });

  it('chooses the second delivery slot and pays the deposit now, the rest later', {
    timeout: 120_000,
  }, async () => {
    const table = await createTestProduct(shop.t.database.db, { name: 'Oak table', priceMinor: 40_000 });
    await setDeposit(shop.t.database.db, { productId: table.id, deposit: { ppm: 250_000 } }, new Date());
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.baseUrl}/products/${table.slug}`, { waitUntil: 'networkidle' });
    await addAndCheckOut(page);
    await fillCheckoutDetails(page);
    await page.getByLabel('City').first().fill('Burlington');
    await page.getByLabel('ZIP code').first().fill('05401');
    await page.getByLabel('State').first().selectOption('VT');
    await page.getByRole('button', { name: 'Continue' }).click();

    // One radio per slot; the second is chosen and stays chosen.
    const courier = page.getByRole('radio', { name: /Courier/ });
    await expect.poll(() => courier.count()).toBe(2);
    await courier.nth(1).check();
    await expect
      .poll(() =>
        page
          .getByRole('radio', { name: /Courier/ })
          .nth(1)
          .isChecked(),
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    // 400.00 table (25 % deposit = 100.00) + 15.00 courier: 115.00 now, 300.00 later.
    const when = page.getByRole('definition');
    await expect.poll(async () => (await when.allTextContents()).join(' ')).toContain('$115.00');
    await expect.poll(async () => (await when.allTextContents()).join(' ')).toContain('$300.00');

    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Place order · \$115\.00/ }).click();
    await page.waitForURL(/\/thank-you\//);
    const orderId = new URL(page.url()).pathname.split('/').pop() as string;
    const reply = await shop.t.app.inject({
      url: `/ecom/v1/orders/${orderId}`,
      headers: { authorization: await merchantKey(shop.t.database) },
    });
    const order = reply.json().order;
    expect(order.shippingInfo.logistics.deliveryTimeSlot).toEqual({
      from: slots[1]?.from.toISOString(),
      to: slots[1]?.to.toISOString(),
    });
    expect(order.paymentStatus).toBe('PARTIALLY_PAID');
    expect([order.payNow.amount, order.payLater.amount]).toEqual(['115.00', '300.00']);
    await context.close();
  });
});
