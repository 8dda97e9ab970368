import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../../../packages/server/src/domains/identity/second-factors/totp.rules.js';
import { createTestApp, type TestApp } from '../../../../packages/server/src/testing/index.js';
import { arriveAt, logIn, newestMail, signUp, uniqueEmail } from './account-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';

// Issue #37: a member with an authenticator app who loses the phone was locked out (no recovery codes, and
// the password reset asked for the app's code). Turning the app on now shows ten one-time recovery codes;
// /verify-login takes one instead of the app's code, also after a password reset.

describe.runIf(browserAvailable())('recovery codes in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  // The server's clock runs ahead in 30-second steps: an authenticator code is accepted once per step.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const nextStep = () => {
    offset += 30_000;
  };

  beforeAll(async () => {
    t = await createTestApp({ storefront: true, clock: now });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Turns the authenticator app on at /account/security; the key and the recovery codes shown. */
  async function turnOnTotp(page: Page): Promise<{ secret: string; codes: string[] }> {
    await page.goto(`${baseUrl}/account/security`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect.poll(() => page.locator('.factor-secret').isVisible()).toBe(true);
    const secret = (await page.locator('.factor-secret').textContent()) ?? '';
    await page.getByLabel('Code from your authenticator app').fill(currentTotpCode(secret, now()));
    await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your authenticator app is on');
    const codes = await page.locator('.recovery-codes li').allTextContents();
    return { secret, codes };
  }

  async function logOut(page: Page) {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/logout`);
  }

  it('turning the app on shows ten codes once, to download or copy; login takes one in place of the app', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const email = uniqueEmail('recovery');
    await signUp(page, t, baseUrl, email);
    const { codes } = await turnOnTotp(page);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    expect(new Set(codes).size).toBe(10);
    // The download is a text file with every code; the copy button puts the same text on the clipboard.
    const href = (await page.getByRole('link', { name: 'Download the codes' }).getAttribute('href')) ?? '';
    expect(href.startsWith('data:text/plain;charset=utf-8,')).toBe(true);
    const file = decodeURIComponent(href.slice('data:text/plain;charset=utf-8,'.length));
    for (const code of codes) expect(file).toContain(code);
    await page.getByRole('button', { name: 'Copy the codes' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(file);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Shown once: a reload shows how many are left, not the codes.
    await page.reload();
    expect(await page.locator('.recovery-codes li').count()).toBe(0);
    expect(await page.locator('main').textContent()).toContain('10 of 10 recovery codes left');

    await logOut(page);
    await logIn(page, baseUrl, email);
    await page.waitForURL(`${baseUrl}/verify-login`);
    await page.getByRole('link', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.waitForURL(`${baseUrl}/verify-login?with=recovery-code`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Recovery code').fill('not a code');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.locator('#field-recoveryCode-error').textContent())
      .toContain('10 letters and digits');
    await page.getByLabel('Recovery code').fill('aaaaa-aaaaa');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.locator('#field-recoveryCode-error').textContent())
      .toContain('That is not one of your unused recovery codes. 4 tries left.');
    // Typed from paper, in capitals: accepted.
    await page.getByLabel('Recovery code').fill((codes[0] ?? '').toUpperCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await arriveAt(page, `${baseUrl}/account`, 30_000);
    expect(await newestMail(t, email)).toContain('A recovery code was used');
    await page.goto(`${baseUrl}/account/security`);
    expect(await page.locator('main').textContent()).toContain('9 of 10 recovery codes left');

    // The used code does not work again.
    await logOut(page);
    await logIn(page, baseUrl, email);
    await page.waitForURL(`${baseUrl}/verify-login`);
    await page.goto(`${baseUrl}/verify-login?with=recovery-code`);
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.locator('#field-recoveryCode-error').textContent())
      .toContain('not one of your unused recovery codes');
    await context.close();
  });

  it('on a phone the codes fit the screen and the page has no serious axe violations', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signUp(page, t, baseUrl, uniqueEmail('phonecodes'));
    const { codes } = await turnOnTotp(page);
    expect(codes).toHaveLength(10);
    // Nothing scrolls sideways, and every code is on screen width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const box of await page.locator('.recovery-codes li').all()) {
      const rect = await box.boundingBox();
      expect((rect?.x ?? 0) + (rect?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    expect(await page.getByRole('link', { name: 'Download the codes' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('new codes need the app’s code and end the old ones', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const email = uniqueEmail('regenerate');
    await signUp(page, t, baseUrl, email);
    const { secret, codes } = await turnOnTotp(page);
    nextStep();
    await page.reload();
    await page.getByLabel('Current app code, to make new recovery codes').fill('000000');
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect
      .poll(() => page.locator('#field-recoveryTotpCode-error').textContent())
      .toContain('not the current code');
    await page
      .getByLabel('Current app code, to make new recovery codes')
      .fill(currentTotpCode(secret, now()));
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('You have new recovery codes');
    const fresh = await page.locator('.recovery-codes li').allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);

    await logOut(page);
    await logIn(page, baseUrl, email);
    await page.waitForURL(`${baseUrl}/verify-login`);
    await page.goto(`${baseUrl}/verify-login?with=recovery-code`);
    await page.getByLabel('Recovery code').fill(codes[1] ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.locator('#field-recoveryCode-error').textContent())
      .toContain('not one of your unused recovery codes');
    await page.getByLabel('Recovery code').fill(fresh[1] ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await arriveAt(page, `${baseUrl}/account`, 30_000);
    await context.close();
  });

  it('a lost phone: the password reset link, then a recovery code — on a phone, without JavaScript', async () => {
    const setup = await browser.newContext();
    const first = await setup.newPage();
    const email = uniqueEmail('lostphone');
    await signUp(first, t, baseUrl, email);
    const { codes } = await turnOnTotp(first);
    await setup.close();

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/_api/iam/recovery/v1/send-email',
      payload: { email },
    });
    expect(sent.statusCode).toBe(200);
    await expect.poll(async () => newestMail(t, email)).toContain('reset-password');
    const link = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(await newestMail(t, email))?.[0] ?? '');
    await page.goto(`${baseUrl}${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('a brand new password 7');
    await page.getByLabel('Repeat the new password').fill('a brand new password 7');
    await page.getByRole('button', { name: 'Save and log in' }).click();
    // The link proves the mailbox only: the second step is still asked for, and a recovery code passes it.
    await page.waitForURL(`${baseUrl}/verify-login`);
    await page.getByRole('link', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.waitForURL(`${baseUrl}/verify-login?with=recovery-code`);
    await page.getByLabel('Recovery code').fill(codes[2] ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Up to ten argon2 checks (one per unused code) on a busy machine: longer than a page load.
    await arriveAt(page, `${baseUrl}/account`, 30_000);
    await page.goto(`${baseUrl}/account/security`);
    expect(await page.locator('main').textContent()).toContain('9 of 10 recovery codes left');
    await context.close();
  });
});
