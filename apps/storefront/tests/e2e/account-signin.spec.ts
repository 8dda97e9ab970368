import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, pkcePair, visitorTokens } from '../../../../packages/server/src/testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../../packages/server/src/testing/index.js';
import {
  logIn,
  mailedCode,
  newestMail,
  PASSWORD,
  signUp,
  uniqueEmail,
  watchProblems,
} from './account-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';

describe.runIf(browserAvailable())('sign-in pages in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({ storefront: true, env: { STORE_NAME: 'Harbor & Pine' } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
    email = uniqueEmail('ada');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs up with the e-mailed code, and the account shows the profile', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await signUp(page, t, baseUrl, email);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Hello, Ada Lovelace');
    await expect.poll(() => page.getByText(email).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Verified').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends a new verification code on request, and the new code signs up', async () => {
    const page = await browser.newPage();
    const address = uniqueEmail('grace');
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('E-mail').fill(address);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseUrl}/verify-email`);
    await mailedCode(t, address);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('A new code is on its way');
    const mailbox = await t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(address)}`);
    expect(mailbox.json().messages).toHaveLength(2);
    await page.getByLabel('Verification code').fill(await mailedCode(t, address));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await page.close();
  });

  it('shows a wrong password at the password field, and keeps the e-mail', async () => {
    const page = await browser.newPage();
    await logIn(page, baseUrl, email, 'not-the-password');
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`#${describedBy}`).textContent()).toContain('e-mail or password is not right');
    // The summary links to the field, and the e-mail stays filled in.
    expect(await page.locator('.error-summary a').getAttribute('href')).toBe('#field-password');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(page.url()).toBe(`${baseUrl}/login`);
    await page.close();
  });

  it('recovers a forgotten password through the e-mailed link; the new password works', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your e-mail');

    const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(await newestMail(t, email))?.[0];
    expect(link).toBeTruthy();
    const target = new URL(link as string);
    await page.goto(`${baseUrl}${target.pathname}${target.search}`);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-7');
    await page.getByLabel('Repeat the new password').fill('brand-new-pass-8');
    await page.getByRole('button', { name: 'Save and log in' }).click();
    await expect.poll(() => page.locator('#field-confirm-error').textContent()).toContain('not the same');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-7');
    await page.getByLabel('Repeat the new password').fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Save and log in' }).click();
    await page.waitForURL(`${baseUrl}/account`);

    // Log out, then the old password is refused and the new one signs in.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/logout`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are logged out');
    await logIn(page, baseUrl, email, PASSWORD);
    await expect.poll(() => page.locator('#field-password-error').isVisible()).toBe(true);
    await logIn(page, baseUrl, email, 'brand-new-pass-7');
    await page.waitForURL(`${baseUrl}/account`);
    await page.close();
  });

  it('logs in with JavaScript turned off (forms post to actions, redirects carry the session)', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/account/orders`);
    expect(page.url()).toBe(`${baseUrl}/login?returnTo=%2Faccount%2Forders`);
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.locator('#field-email-error').textContent()).toContain('valid e-mail');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/account/orders`);
    await expect.poll(() => page.locator('main h2').first().textContent()).toBe('Orders');
    await context.close();
  });

  it('continues a third-party app’s OAuth authorize request after the hosted login', async () => {
    const owner = await merchantKey(t.database);
    // The app's callback: any page the browser can load; here a (missing) page of this test server.
    const appOrigin = baseUrl;
    const { clientId } = await createClient(t, owner, {
      redirectUris: [`${appOrigin}/app-callback`],
      allowedOrigins: [appOrigin],
    });
    const { challenge } = pkcePair();
    const authorize = new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${appOrigin}/app-callback`,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'app-state-1',
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/oauth2/authorize?${authorize}`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.getByText('An app asks you to log in').isVisible()).toBe(true);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${appOrigin}/app-callback?**`);
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('app-state-1');
    expect(back.searchParams.get('code')).toMatch(/\S{20,}/);
    await context.close();
  });

  it('returns to the postFlowUrl of an app’s login redirect session after logging in', async () => {
    const owner = await merchantKey(t.database);
    const { clientId } = await createClient(t, owner, {
      redirectUris: [`${baseUrl}/app-callback`],
      allowedOrigins: [baseUrl],
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/_api/redirects-api/v1/redirect-session',
      headers: { authorization: (await visitorTokens(t, clientId)).access_token },
      payload: { login: {}, callbacks: { postFlowUrl: `${baseUrl}/app-home` } },
    });
    // fullUrl is on PUBLIC_URL; this test server listens elsewhere, so open the same path here.
    const hosted = new URL(created.json().redirectSession.fullUrl);
    expect(hosted.pathname).toBe('/login');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}${hosted.pathname}${hosted.search}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/app-home`);
    // A forged postFlowUrl without a session is ignored: the login stays on this site.
    await context.clearCookies();
    await page.goto(`${baseUrl}/login?postFlowUrl=https%3A%2F%2Fevil.example%2F`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await context.close();
  });

  it('has no serious or critical accessibility violations on /login and /signup', async () => {
    const page = await browser.newPage();
    for (const path of ['/login', '/signup']) {
      await page.goto(`${baseUrl}${path}`);
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    // With JavaScript, a field is checked as it loses focus, before any submit.
    await page.getByLabel('E-mail').fill('nope');
    await page.getByLabel('E-mail').press('Tab');
    await expect.poll(() => page.locator('#field-email-error').textContent()).toContain('valid e-mail');
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('E-mail').fill('nope@example.com');
    await expect.poll(() => page.locator('#field-email-error').count()).toBe(0);
    // With errors showing, too.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('.error-summary').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });
});
