import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../../../packages/server/src/domains/identity/second-factors/totp.rules.js';
import { memberClient, memberWithFactors } from '../../../../packages/server/src/testing/second-factors.js';
import { logIn, newestMail, signUp, uniqueEmail } from './account-support.js';
import { adminSuite, sidewaysOverflow } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';

// Issue #37: a member with an authenticator app who lost the phone and every recovery code was locked out
// for good: the store had no way to turn the second factor off. Staff now do it from the customer page,
// after a confirmation saying what it does; the member signs in with the password alone and sets up a
// new app.

describe.runIf(browserAvailable())('merchant admin: turning off a locked-out member’s second factors', () => {
  const suite = adminSuite({ email: 'support@harbor.example', role: 'staff' });

  /** Turns the authenticator app on at /account/security, as the member does. */
  async function turnOnTotp(page: Page) {
    await page.goto(`${suite.server.baseUrl}/account/security`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect.poll(() => page.locator('.factor-secret').isVisible()).toBe(true);
    const secret = (await page.locator('.factor-secret').textContent()) ?? '';
    await page.getByLabel('Code from your authenticator app').fill(currentTotpCode(secret, new Date()));
    await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your authenticator app is on');
  }

  const security = (page: Page) => page.getByRole('region', { name: 'Sign-in security' });

  it('a member who lost the phone is let in with the password alone and sets up a new app', async () => {
    const baseUrl = suite.server.baseUrl;
    // The member signs up on a laptop (which stays signed in) and turns the authenticator app on.
    const laptopContext = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const laptop = await laptopContext.newPage();
    laptop.setDefaultTimeout(15_000);
    const email = uniqueEmail('lostphone');
    await signUp(laptop, suite.server.t, baseUrl, email);
    await turnOnTotp(laptop);
    // The phone is gone: on a new device the login stops at the second step, which the member cannot pass.
    const memberContext = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const member = await memberContext.newPage();
    member.setDefaultTimeout(15_000);
    await logIn(member, baseUrl, email);
    await member.waitForURL(`${baseUrl}/verify-login`);

    const page = await suite.signedIn({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseUrl}/admin/customers/${encodeURIComponent(email)}`);
    const card = security(page);
    await expect.poll(() => card.count()).toBe(1);
    const facts = async () => (await card.locator('dt, dd').allTextContents()).join(' ');
    expect(await facts()).toBe('Authenticator app On Codes by e-mail Off Recovery codes left 10');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Turn off second factors…' }).click();
    const confirm = page.getByRole('region', { name: `Turn off the second factors of ${email}?` });
    await expect.poll(() => confirm.count()).toBe(1);
    const said = ((await confirm.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(said).toContain('the member can sign in with the password alone');
    expect(said).toContain('Every device signed in to the account is signed out.');
    expect(said).toContain('Their recovery codes are deleted.');
    expect(said).toContain('The member is told by e-mail');
    // Nothing has changed yet.
    expect(await facts()).toContain('Authenticator app On');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Yes, turn them off' }).click();
    await expect
      .poll(() => card.getByRole('status').textContent())
      .toBe(
        'Turned off the authenticator app; 10 recovery codes deleted, 1 session ended. The member can now ' +
          'sign in with the password alone and was told by e-mail.',
      );
    // The answer to the post shows before the page's data is read again (React Router revalidates after
    // the action), so the facts are waited for.
    await expect.poll(facts).toBe('Authenticator app Off Codes by e-mail Off');
    expect(await card.textContent()).toContain(
      'No second factor: the member signs in with the password alone.',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    const mail = await newestMail(suite.server.t, email);
    expect(mail).toContain('You can now log in with your password alone.');
    expect(mail).toContain('If you did not ask for this');

    // The laptop's session is over: whoever has a session of the member keeps nothing.
    await laptop.goto(`${baseUrl}/account`);
    await laptop.waitForURL(/\/login/);
    await laptopContext.close();

    // The member signs in with the password alone, and protects the account again with a new app.
    await logIn(member, baseUrl, email);
    await member.waitForURL(`${baseUrl}/account`);
    await turnOnTotp(member);
    await page.reload();
    expect(await facts()).toBe('Authenticator app On Codes by e-mail Off Recovery codes left 10');
    await memberContext.close();
    await page.context().close();
  });

  it('works on a phone without JavaScript, through the same confirmation', async () => {
    const t = suite.server.t;
    const member = await memberWithFactors(t, {
      clientId: await memberClient(t),
      factors: ['TOTP', 'EMAIL'],
      now: () => new Date(),
      prefix: 'phonereset',
    });
    const page = await suite.signedIn({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await page.goto(`${suite.server.baseUrl}/admin/customers/${encodeURIComponent(member.email)}`);
    const card = security(page);
    expect((await card.locator('dt, dd').allTextContents()).join(' ')).toBe(
      'Authenticator app On Codes by e-mail On Recovery codes left 10',
    );
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await card.getByRole('button', { name: 'Turn off second factors…' }).click();
    const confirm = page.getByRole('region', { name: `Turn off the second factors of ${member.email}?` });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await confirm.getByRole('button', { name: 'Yes, turn them off' }).click();
    await expect
      .poll(async () => card.getByRole('status').textContent())
      .toContain('Turned off the authenticator app and e-mail codes');
    expect(await suite.admin.customers.secondFactors(member.memberId)).toEqual({
      authenticatorApp: false,
      emailCodes: false,
      recoveryCodesLeft: 0,
    });
    await page.context().close();
  });
});
