import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../../../../packages/sdk/test/support/admin-store.js';
import {
  createTestProduct,
  setUpTestStore,
  type TestProduct,
} from '../../../../packages/server/src/testing/ecom.js';
import { createTestApp, type TestApp } from '../../../../packages/server/src/testing/index.js';
import { signUp, uniqueEmail } from './account-support.js';
import { browserAvailable, launchBrowser } from './browser.js';

describe.runIf(browserAvailable())('a guest who signs up, in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let lamp: TestProduct;

  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
    await setUpTestStore(t.database.db);
    lamp = await createTestProduct(t.database.db, { name: 'Brass lamp', priceMinor: 4800 });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('finds the guest order in the new account, and the next checkout starts with what the account knows', {
    timeout: 120_000,
  }, async () => {
    const email = uniqueEmail('guest');
    const { orderId } = await placeOrder(t, lamp.id, email);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUp(page, t, baseUrl, email, 'Kay');

    await page.goto(`${baseUrl}/account/orders`);
    await expect.poll(() => page.locator(`a[href="/account/orders/${orderId}"]`).count()).toBe(1);
    await page.goto(`${baseUrl}/account/orders/${orderId}`);
    await expect.poll(() => page.locator('main').textContent()).toContain('Brass lamp');

    // A saved address, then a new checkout: e-mail and address are there already.
    await page.goto(`${baseUrl}/account/addresses`);
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Street address').fill('350 Fifth Avenue');
    await page.getByLabel('ZIP code').fill('10118');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').selectOption('NY');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => page.locator('.address-card').textContent()).toContain('350 Fifth Avenue');

    await page.goto(`${baseUrl}/products/${lamp.slug}`);
    const added = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    expect((await added).status()).toBe(200);
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByLabel('Street address').first().inputValue()).toBe('350 Fifth Avenue');
    expect(await page.getByLabel('City').first().inputValue()).toBe('New York');
    expect(await page.getByLabel('ZIP code').first().inputValue()).toBe('10118');
    await context.close();
  });
});
