import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStaff } from '../../../../packages/sdk/test/support/admin-store.js';
import { signUp, uniqueEmail } from './account-support.js';
import { signIn } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';
import {
  addToCartFromPage,
  DEVICES,
  fillCheckoutDetails,
  fillSandboxCard,
  shopAndBrowser,
} from './shop-fixture.js';

// One order line, one total (issue #23): the member's order page and the merchant's show the line's
// total before tax, with tax in its own row; and the member sees the address as the country writes it.

/** The cells of the first order line's row (its row header, the item, included), as text. */
const firstLine = (page: Page) => page.locator('table tbody tr').first().locator('th, td').allTextContents();

describe.runIf(browserAvailable())('order totals: the account and the admin agree', () => {
  const suite = shopAndBrowser();

  it('shows the same line total (before tax) in the account and the admin, tax apart', {
    timeout: 120_000,
  }, async () => {
    const member = await (await suite.browser.newContext(DEVICES[1].options)).newPage();
    await signUp(member, suite.shop.t, suite.shop.baseUrl, uniqueEmail('totals'));
    await addToCartFromPage(member, suite.shop.baseUrl, 'stoneware-mug');
    await member
      .getByRole('dialog', { name: 'Your cart' })
      .getByRole('button', { name: 'Check out' })
      .click();
    await member.waitForURL(/\/checkout\//);
    await fillCheckoutDetails(member);
    await member.getByRole('button', { name: /^(Continue|Update details)$/ }).click();
    await member.getByRole('radio', { name: /Standard/ }).check();
    await expect.poll(() => member.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await fillSandboxCard(member);
    await member.getByRole('button', { name: /^Place order/ }).click();
    await member.waitForURL(/\/thank-you\//);
    const orderId = new URL(member.url()).pathname.split('/').pop() as string;

    await member.goto(`${suite.shop.baseUrl}/account/orders/${orderId}`, { waitUntil: 'networkidle' });
    const [, quantity, price, memberTotal] = await firstLine(member);
    expect(quantity).toBe('1');
    expect(memberTotal).toBe(price);
    const tax = await member.locator('.totals div', { hasText: 'Tax' }).locator('dd').textContent();
    expect(tax).toMatch(/^\$[1-9]\d*\.\d\d$/);
    expect(await member.locator('.order-address address span').allTextContents()).toEqual([
      'Ada Lovelace',
      '1 Main St',
      'New York, NY 10001',
      'United States of America',
    ]);
    expect(await seriousA11yViolations(member)).toEqual([]);

    const staff = await createStaff(suite.shop.t, 'owner@harbor.example');
    const admin = await suite.browser.newPage();
    await signIn(admin, suite.shop.baseUrl, staff.email, staff.password);
    await admin.goto(`${suite.shop.baseUrl}/admin/orders/${orderId}`, { waitUntil: 'networkidle' });
    const adminLine = await firstLine(admin);
    expect(adminLine[3]).toBe(memberTotal);
    await member.context().close();
    await admin.close();
  });
});
