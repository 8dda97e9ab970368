import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../../../packages/sdk/test/support/admin-store.js';
import { signUp, uniqueEmail, watchProblems } from './account-support.js';
import { signIn } from './admin-support.js';
import { browserAvailable, launchBrowser } from './browser.js';
import {
  addAndCheckOut,
  fillCheckoutDetails,
  fillSandboxCard,
  type ShopServer,
  startShop,
} from './shop-fixture.js';

// The whole story of issue 8 in one browser session: a shopper signs up with the e-mailed code, buys,
// sees the order in their account, and the merchant finds the same order in the admin.
describe.runIf(browserAvailable())('journey: sign up → buy → account → admin', () => {
  let shop: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.t.close();
  });

  it('the order a new member places shows in their account and in the admin', {
    timeout: 120_000,
  }, async () => {
    const shopper = await browser.newContext();
    const page = await shopper.newPage();
    const problems = watchProblems(page);
    const email = uniqueEmail('journey');
    await signUp(page, shop.t, shop.baseUrl, email);

    await page.goto(`${shop.baseUrl}/search?q=mug`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: /Stoneware Mug/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Stoneware Mug');
    await page.waitForLoadState('networkidle');
    const groups = page.locator('fieldset.option-picker');
    for (let i = 0; i < (await groups.count()); i++) {
      await groups.nth(i).locator('input[type=radio]:not([disabled])').first().check({ force: true });
    }
    await addAndCheckOut(page);
    await fillCheckoutDetails(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).count()).toBe(1);
    await page.getByRole('radio', { name: /Standard/ }).check();
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    // The URL changes before the thank-you page has rendered (a client navigation): wait for its heading.
    const thankYou = /^Order #(\d+) confirmed$/;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(thankYou);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    const number = thankYou.exec(heading ?? '')?.[1];
    expect(number, `thank-you heading was "${heading}"`).toBeDefined();

    await page.goto(`${shop.baseUrl}/account/orders`);
    await expect.poll(() => page.getByRole('link', { name: new RegExp(`Order #${number}`) }).count()).toBe(1);
    await page.getByRole('link', { name: new RegExp(`Order #${number}`) }).click();
    await expect.poll(() => page.getByText('Stoneware Mug').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await shopper.close();

    const staff = await createStaff(shop.t, 'owner@harbor.example', 'staff');
    const merchant = await browser.newContext();
    const admin = await merchant.newPage();
    await signIn(admin, shop.baseUrl, staff.email, staff.password);
    await admin.goto(`${shop.baseUrl}/admin/orders`);
    await admin.getByLabel('Order number or e-mail').fill(email);
    await admin.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => admin.getByRole('link', { name: `#${number}` }).count()).toBe(1);
    await admin.getByRole('link', { name: `#${number}` }).click();
    await expect.poll(() => admin.getByRole('heading', { level: 1 }).textContent()).toBe(`Order #${number}`);
    await expect.poll(() => admin.getByText(email).count()).toBeGreaterThan(0);
    await merchant.close();
  });
});
