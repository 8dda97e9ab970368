import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { browserAvailable } from '../apps/storefront/tests/e2e/browser.js';
import {
  mailboxCode,
  memberTokens,
  post,
  registerMember,
  createClient as registerOAuthClient,
  uniqueEmail,
} from '../packages/server/src/testing/identity.js';
import { pollUntil } from '../packages/server/src/testing/poll.js';
import { type HeadlessShop, launchBrowser, type Store, startHeadlessShop, startStore } from './fixture.js';
import { navigations, PASSWORD, signUpThroughApp as signUp } from './headless-shop.support.js';

// A storefront we did not write (compat/headless-shop: the public @wix/* SDK, its own origin and cookie)
// signing its members up and in through our hosted pages, second factors included, and out again.
// Shopping through it: headless-shop.spec.ts.

describe.runIf(browserAvailable())(
  'a third-party headless app (public @wix/* SDK) in Chromium: its members',
  () => {
    let store: Store;
    let shop: HeadlessShop;
    let browser: Browser;

    beforeAll(async () => {
      store = await startStore();
      [shop, browser] = await Promise.all([startHeadlessShop(store), launchBrowser()]);
    });
    beforeEach(() => {
      // The app's log says what the store answered when one of its pages crashed.
      onTestFailed(() => console.error(`headless-shop output:\n${shop?.output()}`));
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.stop();
      await store?.t.close();
    });
    const signUpThroughApp = (page: Page, prefix?: string) => signUp({ store, shop }, page, prefix);

    it('signs up on our hosted pages for the app, logs out through the app, and logs in again', async () => {
      const context = await browser.newContext();
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const visited = navigations(page);
      const email = await signUpThroughApp(page);
      expect(visited.some((url) => url.startsWith(`${shop.origin}/callback?code=`))).toBe(true);
      expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Log out' }).click();
      await expect.poll(() => page.getByRole('link', { name: 'Log in' }).count()).toBe(1);
      expect(page.url()).toBe(`${shop.origin}/`);
      expect(await page.getByText('Signed in').count()).toBe(0);
      expect(visited.some((url) => url.startsWith(`${store.base}/oauth2/logout`))).toBe(true);

      await page.getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.origin === store.base && url.pathname === '/login');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${shop.origin}/`);
      await expect.poll(() => page.getByText('Signed in').count()).toBe(1);
      await context.close();
    });

    /**
     * A member with a second factor, set up over the store's API as the account page does. TOTP codes are
     * made here from the enrolled secret with RFC 6238's settings (SHA-1, 6 digits, 30 s), independently of
     * the server's code; activation uses the previous 30-second step's code (within the accepted drift), so
     * the current step's code is still unused for the login.
     */
    async function memberWithFactor(factor: 'TOTP' | 'EMAIL'): Promise<{ email: string; totp?: TOTP }> {
      const email = uniqueEmail(`headless-${factor.toLowerCase()}`);
      const { sessionToken } = await registerMember(store.t, { email, password: PASSWORD });
      const { clientId } = await registerOAuthClient(store.t, store.ownerKey);
      const { access_token } = await memberTokens(store.t, { clientId, sessionToken });
      const path = `/_api/iam/factors/v1/${factor.toLowerCase()}`;
      const enrolled = await post(store.t, `${path}/enroll`, {}, access_token);
      expect(enrolled.statusCode, enrolled.body).toBe(200);
      const totp =
        factor === 'TOTP'
          ? new TOTP({
              algorithm: 'SHA1',
              digits: 6,
              period: 30,
              secret: Secret.fromBase32(enrolled.json().secret),
            })
          : undefined;
      const code = totp
        ? totp.generate({ timestamp: Date.now() - 30_000 })
        : await mailboxCode(store.t, email);
      const activated = await post(store.t, `${path}/activate`, { code }, access_token);
      expect(activated.statusCode, activated.body).toBe(200);
      return { email, ...(totp ? { totp } : {}) };
    }

    /** From the app's "Log in" to our hosted login, the password, then our second-factor page. */
    async function toSecondFactor(page: Page, email: string) {
      await page.goto(`${shop.origin}/`);
      await page.getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.origin === store.base && url.pathname === '/login');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.origin === store.base && url.pathname === '/verify-login');
    }

    it('a member with an authenticator app logs in to the app through our hosted login and its second factor', async () => {
      const { email, totp } = await memberWithFactor('TOTP');
      const context = await browser.newContext();
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const visited = navigations(page);
      await toSecondFactor(page, email);
      await page.getByLabel('Code from your authenticator app').fill(totp?.generate() ?? '');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${shop.origin}/`);
      expect(visited.some((url) => url.startsWith(`${shop.origin}/callback?code=`))).toBe(true);
      await expect.poll(() => page.getByText('Signed in').count()).toBe(1);
      await context.close();
    });

    it('a member with codes by e-mail logs in to the app with the e-mailed code', async () => {
      const { email } = await memberWithFactor('EMAIL');
      const context = await browser.newContext();
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const before = await mailboxCode(store.t, email);
      await toSecondFactor(page, email);
      // The code e-mailed for this login (the development mailbox keeps it), not the set-up one.
      const code = await pollUntil(
        () => mailboxCode(store.t, email),
        (value) => value !== before,
      );
      await page.getByLabel('Code from the e-mail').fill(code);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${shop.origin}/`);
      await expect.poll(() => page.getByText('Signed in').count()).toBe(1);
      await context.close();
    });
  },
);
