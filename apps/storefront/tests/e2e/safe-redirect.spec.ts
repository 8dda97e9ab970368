import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../../../packages/sdk/test/support/admin-store.js';
import { createTestApp, type TestApp } from '../../../../packages/server/src/testing/index.js';
import { mailedCode, PASSWORD, uniqueEmail } from './account-support.js';
import { browserAvailable, launchBrowser } from './browser.js';

// The probe's open redirect, in the browser that was fooled by it: `returnTo=/%09/evil.example` is the
// text "/<TAB>/evil.example", which passed the old "starts with / but not //" check; Chromium drops the
// tab and reads "//evil.example", another site. Each sign-in page must end on the store instead, whether
// the value comes in the URL or in the form's hidden field.

const HOSTILE_QUERY = 'returnTo=/%09/evil.example';
const HOSTILE_VALUE = '/\t/evil.example';

describe.runIf(browserAvailable())('no open redirect after sign-in, in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  const email = uniqueEmail('redirect');
  let staff: { email: string; password: string };

  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    staff = await createStaff(t, 'owner@redirect.example');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A fresh browser profile whose every request to another host is recorded (and none should happen). */
  async function watchedPage(): Promise<{ context: BrowserContext; page: Page; elsewhere: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const elsewhere: string[] = [];
    const { host } = new URL(baseUrl);
    page.on('request', (request) => {
      if (new URL(request.url()).host !== host) elsewhere.push(request.url());
    });
    return { context, page, elsewhere };
  }

  /**
   * Waits until the page leaves `from`, then names where it went: a redirect off the store shows here as
   * the other site's URL (or Chromium's error page for it), not as a timeout.
   */
  async function landing(page: Page, from: string): Promise<string> {
    await page.waitForURL((url) => url.pathname !== from);
    await page.waitForLoadState();
    return page.url();
  }

  /** Puts the hostile value into the form's hidden returnTo, as a forged form post would send it. */
  async function forgeReturnTo(page: Page) {
    await page.locator('input[name="returnTo"]').evaluateAll((inputs, value) => {
      for (const input of inputs) (input as HTMLInputElement).value = value;
    }, HOSTILE_VALUE);
  }

  it('sign-up with the e-mailed code ends on the account page, not on evil.example', async () => {
    const { context, page, elsewhere } = await watchedPage();
    await page.goto(`${baseUrl}/signup?${HOSTILE_QUERY}`);
    // The page already carries the judged value, never the raw one.
    expect(await page.locator('input[name="returnTo"]').inputValue()).toBe('/account');
    await forgeReturnTo(page);
    await page.getByLabel('First name').fill('Eve');
    await page.getByLabel('Last name').fill('Redirect');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseUrl}/verify-email`);
    await page.getByLabel('Verification code').fill(await mailedCode(t, email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect(await landing(page, '/verify-email')).toBe(`${baseUrl}/account`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Hello, Eve Redirect');
    expect(new URL(page.url()).origin).toBe(baseUrl);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it('login ends on the account page, from the URL and from a forged form field', async () => {
    const { context, page, elsewhere } = await watchedPage();
    await page.goto(`${baseUrl}/login?${HOSTILE_QUERY}`);
    expect(await page.locator('input[name="returnTo"]').inputValue()).toBe('/account');
    await forgeReturnTo(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await landing(page, '/login')).toBe(`${baseUrl}/account`);
    // Signed in already: the login page sends the member on at once, to the store too.
    await page.goto(`${baseUrl}/login?${HOSTILE_QUERY}`);
    await page.waitForURL(`${baseUrl}/account`);
    expect(new URL(page.url()).origin).toBe(baseUrl);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it('the admin login ends on the dashboard, before and after signing in', async () => {
    const { context, page, elsewhere } = await watchedPage();
    await page.goto(`${baseUrl}/admin/login?${HOSTILE_QUERY}`);
    await page.getByLabel('E-mail').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await landing(page, '/admin/login')).toBe(`${baseUrl}/admin/dashboard`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    await page.goto(`${baseUrl}/admin/login?${HOSTILE_QUERY}`);
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    // A legitimate admin page is still where the sign-in goes back to.
    await page.goto(`${baseUrl}/admin/login?returnTo=${encodeURIComponent('/admin/orders?status=PAID')}`);
    await page.waitForURL(`${baseUrl}/admin/orders?status=PAID`);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
