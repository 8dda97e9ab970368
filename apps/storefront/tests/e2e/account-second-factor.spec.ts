import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../../../packages/server/src/domains/identity/second-factors/totp.rules.js';
import { createClient, pkcePair, visitorTokens } from '../../../../packages/server/src/testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../../packages/server/src/testing/index.js';
import { logIn, mailedCode, signUp, uniqueEmail } from './account-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';

// Second factors on the hosted pages: set up on /account/security, asked for on /verify-login after the
// password (code from the app or the e-mail, "remember this device"), and the login then goes on as a
// password login does: this shop, an app's authorize request, a login redirect session. Also the
// authorize prompts select_account (continue as …) and consent (Allow / Deny).

describe.runIf(browserAvailable())('second factors and prompts in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let appClientId: string;
  // The server's clock runs ahead in 30-second steps: an authenticator code is accepted once per step.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const nextStep = () => {
    offset += 30_000;
  };

  beforeAll(async () => {
    t = await createTestApp({ storefront: true, clock: now, env: { STORE_NAME: 'Harbor & Pine' } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
    ({ clientId: appClientId } = await createClient(t, await merchantKey(t.database), {
      redirectUris: [`${baseUrl}/app-callback`],
      allowedOrigins: [baseUrl],
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** An app's authorize request (its callback is a missing page of this server: any loadable URL will do). */
  function authorizeUrl(prompt?: string) {
    const query = new URLSearchParams({
      client_id: appClientId,
      redirect_uri: `${baseUrl}/app-callback`,
      response_type: 'code',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      state: 'app-state-9',
      ...(prompt ? { prompt } : {}),
    });
    return `${baseUrl}/oauth2/authorize?${query}`;
  }
  const appCallback = (page: Page) => new URL(page.url()).searchParams;

  async function newMember(context: BrowserContext, prefix: string) {
    const page = await context.newPage();
    const email = uniqueEmail(prefix);
    await signUp(page, t, baseUrl, email);
    return { page, email };
  }

  /** Logs out through the account menu and waits until the logout has happened. */
  async function logOut(page: Page) {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/logout`);
  }

  async function turnOnTotp(page: Page): Promise<string> {
    await page.getByRole('link', { name: 'Sign-in security' }).click();
    await page.waitForURL(`${baseUrl}/account/security`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect
      .poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible())
      .toBe(true);
    const secret = (await page.locator('.factor-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from your authenticator app').fill(currentTotpCode(secret, now()));
    await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your authenticator app is on');
    return secret;
  }

  async function turnOnEmailCodes(page: Page, email: string) {
    await page.goto(`${baseUrl}/account/security`);
    await page.getByRole('button', { name: 'Turn on codes by e-mail' }).click();
    await expect.poll(() => page.getByLabel('Code from the e-mail').isVisible()).toBe(true);
    await page.getByLabel('Code from the e-mail').fill(await mailedCode(t, email));
    await page.getByRole('button', { name: 'Turn on codes by e-mail' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Codes by e-mail are on');
  }

  it('authenticator app: set up from the key, asked for at login, a wrong code at the field, and “remember this device” skips it', async () => {
    const context = await browser.newContext();
    const { page, email } = await newMember(context, 'totp');
    const secret = await turnOnTotp(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await logOut(page);

    nextStep();
    await logIn(page, baseUrl, email);
    await page.waitForURL(`${baseUrl}/verify-login`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const right = currentTotpCode(secret, now());
    await page.getByLabel('Code from your authenticator app').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('#field-code-error').textContent()).toContain('4 tries left');
    await page.getByLabel('Code from your authenticator app').fill(right);
    await page.getByLabel('Remember this device for 30 days').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    const device = (await context.cookies()).find((cookie) => cookie.name === 'os_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(device?.value).toMatch(/^osd_/);

    // This browser is remembered: the password alone signs in.
    await logOut(page);
    await logIn(page, baseUrl, email);
    await page.waitForURL(`${baseUrl}/account`);
    // Another browser is not.
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await logIn(elsewhere, baseUrl, email);
    await elsewhere.waitForURL(`${baseUrl}/verify-login`);
    await other.close();

    // Turning the app off needs its current code.
    nextStep();
    await page.goto(`${baseUrl}/account/security`);
    await page.getByLabel('Code from your authenticator app').fill(currentTotpCode(secret, now()));
    await page.getByRole('button', { name: 'Turn off the authenticator app' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('authenticator app is off');
    await context.close();
  });

  it('without JavaScript the second factor works too', async () => {
    const setup = await browser.newContext();
    const { page, email } = await newMember(setup, 'nojs');
    const secret = await turnOnTotp(page);
    await setup.close();
    nextStep();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await logIn(plain, baseUrl, email);
    await plain.waitForURL(`${baseUrl}/verify-login`);
    await plain.getByLabel('Code from your authenticator app').fill(currentTotpCode(secret, now()));
    await plain.getByRole('button', { name: 'Continue' }).click();
    await plain.waitForURL(`${baseUrl}/account`);
    await context.close();
  });

  it('codes by e-mail: a new code on request, then an app’s authorize request continues to the app', async () => {
    const setup = await browser.newContext();
    const { page, email } = await newMember(setup, 'emailcode');
    await turnOnEmailCodes(page, email);
    await setup.close();

    const context = await browser.newContext();
    const app = await context.newPage();
    await app.goto(authorizeUrl());
    expect(new URL(app.url()).pathname).toBe('/login');
    await app.getByLabel('E-mail').fill(email);
    await app.getByLabel('Password').fill('correct-horse-42');
    await app.getByRole('button', { name: 'Log in' }).click();
    await app.waitForURL(`${baseUrl}/verify-login`);
    await expect
      .poll(() => app.locator('.auth-lead').textContent())
      .toContain(`${email.charAt(0)}***@example.com`);
    const first = await mailedCode(t, email);
    await app.getByRole('button', { name: 'Send a new code' }).click();
    await expect.poll(() => app.getByRole('status').textContent()).toContain('A new code is on its way');
    const second = await mailedCode(t, email);
    if (first !== second) {
      await app.getByLabel('Code from the e-mail').fill(first);
      await app.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => app.locator('#field-code-error').textContent()).toContain('not right');
    }
    await app.getByLabel('Code from the e-mail').fill(second);
    await app.getByRole('button', { name: 'Continue' }).click();
    await app.waitForURL(`${baseUrl}/app-callback?**`);
    expect(appCallback(app).get('state')).toBe('app-state-9');
    expect(appCallback(app).get('code')).toMatch(/\S{20,}/);
    await context.close();
  });

  it('a member with both factors switches to e-mail; a login redirect session returns to its postFlowUrl', async () => {
    const setup = await browser.newContext();
    const { page, email } = await newMember(setup, 'both');
    await turnOnTotp(page);
    await turnOnEmailCodes(page, email);
    await setup.close();

    const created = await t.app.inject({
      method: 'POST',
      url: '/_api/redirects-api/v1/redirect-session',
      headers: { authorization: (await visitorTokens(t, appClientId)).access_token },
      payload: { login: {}, callbacks: { postFlowUrl: `${baseUrl}/app-home` } },
    });
    const hosted = new URL(created.json().redirectSession.fullUrl);
    const context = await browser.newContext();
    const login = await context.newPage();
    await login.goto(`${baseUrl}${hosted.pathname}${hosted.search}`);
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel('Password').fill('correct-horse-42');
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.waitForURL(`${baseUrl}/verify-login`);
    await login.getByRole('button', { name: 'E-mail me a code instead' }).click();
    await expect.poll(() => login.getByLabel('Code from the e-mail').isVisible()).toBe(true);
    await login.getByLabel('Code from the e-mail').fill(await mailedCode(t, email));
    await login.getByRole('button', { name: 'Continue' }).click();
    await login.waitForURL(`${baseUrl}/app-home`);
    await context.close();
  });

  it('prompt=select_account: continue as the member signed in here, or use another account', async () => {
    const context = await browser.newContext();
    const { page, email } = await newMember(context, 'select');
    await page.goto(authorizeUrl('select_account'));
    await page.waitForURL(`${baseUrl}/login?**`);
    await expect.poll(() => page.getByText(`You are signed in here as ${email}`).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Continue as ${email}` }).click();
    await page.waitForURL(`${baseUrl}/app-callback?**`);
    expect(appCallback(page).get('code')).toMatch(/\S{20,}/);

    const other = uniqueEmail('other');
    const otherContext = await browser.newContext();
    await signUp(await otherContext.newPage(), t, baseUrl, other, 'Grace');
    await otherContext.close();
    await page.goto(authorizeUrl('select_account'));
    await page.getByRole('link', { name: 'Use another account' }).click();
    await page.getByLabel('E-mail').fill(other);
    await page.getByLabel('Password').fill('correct-horse-42');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/app-callback?**`);
    expect(appCallback(page).get('code')).toMatch(/\S{20,}/);

    // prompt=login (the default) still asks for the password, signed in here or not.
    await page.goto(authorizeUrl('login'));
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Continue as/ }).count()).toBe(0);
    await context.close();
  });

  it('prompt=consent: what the app asks for, then Deny returns access_denied and Allow a code', async () => {
    const setup = await browser.newContext();
    const { email } = await newMember(setup, 'consent');
    await setup.close();
    const context = await browser.newContext();
    const page = await context.newPage();
    const signInFor = async () => {
      await page.goto(authorizeUrl('consent'));
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill('correct-horse-42');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Test shop wants to use your account');
    };
    await signInFor();
    expect(await page.getByRole('listitem').first().textContent()).toContain(email);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(`${baseUrl}/app-callback?**`);
    expect(appCallback(page).get('error')).toBe('access_denied');
    expect(appCallback(page).get('state')).toBe('app-state-9');

    await signInFor();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${baseUrl}/app-callback?**`);
    expect(appCallback(page).get('code')).toMatch(/\S{20,}/);
    await context.close();
  });
});
