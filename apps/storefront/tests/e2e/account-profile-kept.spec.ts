import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  memberToken,
  merchantKey,
  type TestApp,
} from '../../../../packages/server/src/testing/index.js';
import { signUp, uniqueEmail } from './account-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';

// Issue #37: saving an address in Account › Addresses erased the member's names and phone. Each edit of
// the account changes only what its form sends; everything else the member saved stays.
describe.runIf(browserAvailable())('account edits keep what they do not change', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The member's stored profile, as the owner reads it. */
  async function storedProfile(email: string) {
    const reply = await t.app.inject({
      url: '/admin-api/v1/members?limit=100',
      headers: { authorization: await merchantKey(t.database) },
    });
    const member = reply
      .json()
      .members.find((m: { email: { address: string } }) => m.email.address === email);
    if (!member) throw new Error(`no member ${email}`);
    return member as { profile?: Record<string, unknown> } & Record<string, unknown>;
  }

  async function profileFields(page: Page) {
    await page.goto(`${baseUrl}/account`);
    return {
      firstName: await page.getByLabel('First name').inputValue(),
      lastName: await page.getByLabel('Last name').inputValue(),
      phone: await page.getByLabel('Phone').inputValue(),
    };
  }

  async function addAddress(page: Page, street: string) {
    await page.goto(`${baseUrl}/account/addresses`);
    // The country first: the rest of the form is that country's (labels, order, required parts).
    await page.getByLabel('Country').selectOption('DE');
    // Without JavaScript the page is drawn again for the chosen country by a button of its own.
    const redraw = page.getByRole('button', { name: 'Show this country’s address form' });
    if (await redraw.isVisible()) await redraw.click();
    await expect.poll(() => page.locator('label[for="field-postalCode"]').textContent()).toBe('Postal code');
    await page.getByLabel('Street address').fill(street);
    await page.getByLabel('Postal code').fill('10115');
    await page.getByLabel('City').fill('Berlin');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect
      .poll(() => page.locator('.address-card').allTextContents())
      .toContainEqual(expect.stringContaining(street));
  }

  for (const [label, options] of [
    ['desktop', { viewport: { width: 1280, height: 800 } }],
    ['phone, without JavaScript', { viewport: { width: 390, height: 844 }, javaScriptEnabled: false }],
  ] as const) {
    it(`saving and removing addresses keeps the names and phone (${label})`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const email = uniqueEmail('kept');
      // Sign-up needs JavaScript for its captcha-free flow only in the desktop run; the plain run signs
      // up in a context with JavaScript and then edits without it.
      if (options.javaScriptEnabled === false) {
        const helper = await browser.newContext();
        const signer = await helper.newPage();
        await signUp(signer, t, baseUrl, email, 'Ada');
        await context.addCookies(await helper.cookies());
        await helper.close();
      } else {
        await signUp(page, t, baseUrl, email, 'Ada');
      }
      await page.goto(`${baseUrl}/account`);
      await page.getByLabel('Phone').fill('+49 30 1234567');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toContain('saved');
      expect(await profileFields(page)).toEqual({
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+49 30 1234567',
      });

      await addAddress(page, 'Unter den Linden 1');
      await addAddress(page, 'Friedrichstraße 2');
      expect(await profileFields(page)).toEqual({
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+49 30 1234567',
      });

      await page.goto(`${baseUrl}/account/addresses`);
      await page.getByRole('button', { name: /Remove Unter den Linden 1/ }).click();
      await expect.poll(() => page.locator('.address-card').count()).toBe(1);
      expect(await page.locator('.address-card').textContent()).toContain('Friedrichstraße 2');
      // A removal is not announced as an address saved.
      expect(await page.getByText('The address is saved.').count()).toBe(0);
      expect(await profileFields(page)).toEqual({
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+49 30 1234567',
      });

      // Saving the profile keeps the address book.
      await page.getByLabel('First name').fill('Augusta');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toContain('saved');
      await page.goto(`${baseUrl}/account/addresses`);
      expect(await page.locator('.address-card').textContent()).toContain('Friedrichstraße 2');
      // axe runs in the page, so it needs JavaScript.
      if (options.javaScriptEnabled !== false) expect(await seriousA11yViolations(page)).toEqual([]);
      const stored = await storedProfile(email);
      expect(JSON.stringify(stored)).toContain('Augusta');
      expect(JSON.stringify(stored)).toContain('Lovelace');
      expect(JSON.stringify(stored)).toContain('+49 30 1234567');
      await context.close();
    }, 180_000);
  }

  it('a removal on a page shown before the address book changed elsewhere removes nothing and says so', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signUp(page, t, baseUrl, uniqueEmail('stale'), 'Ada');
    for (const street of ['Alpha 1', 'Beta 2', 'Gamma 3']) await addAddress(page, street);
    const other = await context.newPage();
    await other.goto(`${baseUrl}/account/addresses`);
    // This page still shows Alpha, Beta, Gamma; the other one removes Alpha.
    await other.getByRole('button', { name: /Remove Alpha 1/ }).click();
    await expect.poll(() => other.locator('.address-card').count()).toBe(2);
    await page.getByRole('button', { name: /Remove Beta 2/ }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Your addresses were changed elsewhere meanwhile');
    await page.reload();
    expect(await page.locator('.address-card').allTextContents()).toEqual([
      expect.stringContaining('Beta 2'),
      expect.stringContaining('Gamma 3'),
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('saving the profile changes the first phone and keeps the member’s other phones', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const email = uniqueEmail('phones');
    await signUp(page, t, baseUrl, email, 'Ada');
    const { id } = await storedProfile(email);
    // A second phone saved by an app through the API; the profile form shows the first only.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/_api/iam/identity/v1/identities/me',
      headers: { authorization: memberToken(String(id)) },
      payload: { identity: { identityProfile: { phones: ['+1 555 0100', '+1 555 0199'] } } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await page.goto(`${baseUrl}/account`);
    expect(await page.getByLabel('Phone').inputValue()).toBe('+1 555 0100');
    await page.getByLabel('Phone').fill('+1 555 0123');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('saved');
    const read = await t.app.inject({
      url: '/_api/iam/identity/v1/identities/me',
      headers: { authorization: memberToken(String(id)) },
    });
    expect(read.json().identity.identityProfile).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phones: ['+1 555 0123', '+1 555 0199'],
    });
    await context.close();
  });
});
