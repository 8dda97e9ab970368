import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findIdentityByEmail } from '../../../../packages/server/src/domains/identity/members/members.service.js';
import { getPreferences } from '../../../../packages/server/src/domains/preferences/preferences.service.js';
import { listMemberships } from '../../../../packages/server/src/domains/store-setup/memberships/memberships.service.js';
import { createTestProduct } from '../../../../packages/server/src/testing/ecom.js';
import { createTestApp, merchantKey, type TestApp } from '../../../../packages/server/src/testing/index.js';
import { mailedCode, PASSWORD, uniqueEmail } from './account-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';

// The plans page, the plan checkout (a visitor signs up first and comes back), and the preferences page.
describe.runIf(browserAvailable())('plans and preferences in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let page: Page;
  let planId: string;

  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const mug = await createTestProduct(t.database.db, { name: 'Stoneware mug', priceMinor: 1250 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/membership-plans',
      headers: { authorization: await merchantKey(t.database) },
      payload: {
        membershipPlan: {
          name: 'Mug club',
          price: '12.50',
          credits: 1,
          durationDays: 30,
          productIds: [mug.id],
          perks: ['One mug a month', 'Members-only colours'],
          maxPurchasesPerBuyer: 1,
        },
      },
    });
    planId = created.json().membershipPlan.id;
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lists plans with their price and what they include', async () => {
    await page.goto(`${baseUrl}/plans`);
    const card = page.locator('.plan-card', { hasText: 'Mug club' });
    expect(await card.locator('.plan-price').textContent()).toBe('$12.50');
    expect(await card.getByRole('list', { name: 'Mug club includes' }).textContent()).toContain(
      'One mug a month',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('asks a visitor to sign up, comes back to the plan, and sells it by card with the membership', async () => {
    await page.getByRole('link', { name: 'Choose Mug club' }).click();
    await page.waitForURL(`${baseUrl}/plan-checkout/${planId}`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    const email = uniqueEmail('plan');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseUrl}/verify-email`);
    await page.getByLabel('Verification code').fill(await mailedCode(t, email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${baseUrl}/plan-checkout/${planId}`);
    expect(await page.getByLabel('E-mail for the receipt').inputValue()).toBe(email);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12/40');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Buy Mug club · $12.50' }).click();
    await page.waitForURL(/\/thank-you\//);
    // A client-side navigation changes the URL before the new page renders: wait for its heading.
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/^Order #\d+ confirmed$/);
    expect(await page.locator('main').textContent()).toContain('Mug club');

    const member = await findIdentityByEmail(t.database.db, email);
    const memberships = await listMemberships(t.database.db, { memberId: member?.id as string });
    expect(memberships.map((m) => [m.planId, m.remainingCredits])).toEqual([[planId, 1]]);

    // Once per member: the page says so instead of selling it again.
    await page.goto(`${baseUrl}/plan-checkout/${planId}`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12/40');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Buy Mug club · $12.50' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('bought it already');
  });

  it('saves communication preferences for the member and shows them again', async () => {
    await page.goto(`${baseUrl}/preferences`);
    await page.getByLabel('News and offers by e-mail').check();
    await page.getByLabel('Analytics cookies').check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.waitForURL(`${baseUrl}/preferences?saved=1`);
    expect(await page.getByRole('status').textContent()).toBe('Your preferences are saved.');
    expect(await page.getByLabel('News and offers by e-mail').isChecked()).toBe(true);
    expect(await page.getByLabel('Marketing cookies').isChecked()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("saves a visitor's preferences, which follow them when they log in", async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${baseUrl}/preferences`);
    await visitor.getByLabel('Marketing cookies').check();
    await visitor.getByRole('button', { name: 'Save preferences' }).click();
    await visitor.waitForURL(`${baseUrl}/preferences?saved=1`);
    expect(await visitor.getByLabel('Marketing cookies').isChecked()).toBe(true);
    const email = uniqueEmail('prefs');
    await visitor.goto(`${baseUrl}/signup?returnTo=%2Fpreferences`);
    await visitor.getByLabel('First name').fill('Grace');
    await visitor.getByLabel('Last name').fill('Hopper');
    await visitor.getByLabel('E-mail').fill(email);
    await visitor.getByLabel('Password').fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await visitor.waitForURL(`${baseUrl}/verify-email`);
    await visitor.getByLabel('Verification code').fill(await mailedCode(t, email));
    await visitor.getByRole('button', { name: 'Confirm' }).click();
    await visitor.waitForURL(`${baseUrl}/preferences`);
    expect(await visitor.getByLabel('Marketing cookies').isChecked()).toBe(true);
    const member = await findIdentityByEmail(t.database.db, email);
    expect((await getPreferences(t.database.db, `member:${member?.id}`)).marketingCookies).toBe(true);
    await visitor.close();
  });
});
