import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../packages/server/src/testing/index.js';
import { mailedCode, PASSWORD, uniqueEmail } from './account-support.js';
import { browserAvailable, launchBrowser } from './browser.js';

describe.runIf(browserAvailable())('captcha and password change in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  const email = uniqueEmail('alan');

  beforeAll(async () => {
    t = await createTestApp({ storefront: true, env: { CAPTCHA_MODE: 'invisible' } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('without JavaScript the captcha cannot run: the form says so and the server refuses at the field', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/signup`);
    expect(await page.locator('.captcha-status').textContent()).toContain('Please turn on JavaScript');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('#field-captcha-error').textContent()).toContain('security check');
    expect(page.url()).toBe(`${baseUrl}/signup`);
    await context.close();
  });

  it('solves the invisible captcha in the browser and signs up', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('First name').fill('Alan');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await expect.poll(() => page.locator('.captcha-status').textContent()).toContain('Security check passed');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseUrl}/verify-email`);
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.locator('#field-code-error').isVisible()).toBe(true);
    await page.getByLabel('Verification code').fill(await mailedCode(t, email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await page.close();
  });

  it('changes the password: the current one and the captcha are checked, this device stays signed in; spaces at its ends are part of it', async () => {
    // Kept exactly as typed on every form that reads it: the new one, its repeat, and the sign-in.
    const newPassword = ' turing complete 9 ';
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect.poll(() => page.locator('.captcha-status').textContent()).toContain('Security check passed');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/account`);

    await page.getByRole('link', { name: 'Password' }).click();
    await page.waitForURL(`${baseUrl}/account/password`);
    const fill = async (current: string) => {
      await page.getByLabel('Current password').fill(current);
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Repeat the new password').fill(newPassword);
      await expect
        .poll(() => page.locator('.captcha-status').textContent())
        .toContain('Security check passed');
    };
    await fill('wrong-one-123');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.locator('#field-current-error').textContent()).toContain('not your current');

    await fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    // The current password stands in for a recent sign-in; this device stays signed in.
    await page.waitForURL(`${baseUrl}/account/password?changed=1`);
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('Your password is changed');

    // The old password no longer signs in, the new one does.
    const other = await browser.newPage();
    await other.goto(`${baseUrl}/login`);
    await other.getByLabel('E-mail').fill(email);
    await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect
      .poll(() => other.locator('.captcha-status').textContent())
      .toContain('Security check passed');
    await other.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => other.locator('#field-password-error').isVisible()).toBe(true);
    await other.getByLabel('Password', { exact: true }).fill(newPassword);
    await expect
      .poll(() => other.locator('.captcha-status').textContent())
      .toContain('Security check passed');
    await other.getByRole('button', { name: 'Log in' }).click();
    await other.waitForURL(`${baseUrl}/account`);
    await other.close();
    await page.close();
  });
});
