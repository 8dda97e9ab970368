import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from '../../../../packages/server/src/testing/index.js';

// Shared steps of the account suites: real sign-up through the pages, mail read from the server's
// development mailbox.

export const PASSWORD = 'correct-horse-42';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The newest e-mail to an address (the server keeps mail for /dev/mailbox when no SMTP_URL is set). */
export async function newestMail(t: TestApp, to: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const reply = await t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
      text = reply.json().messages[0]?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

export async function mailedCode(t: TestApp, to: string): Promise<string> {
  const code = /code is (\d{6})/.exec(await newestMail(t, to))?.[1];
  if (!code) throw new Error(`no verification code e-mailed to ${to}`);
  return code;
}

/** Signs up through /signup and the e-mailed code; leaves the page on /account. */
export async function signUp(page: Page, t: TestApp, baseUrl: string, email: string, firstName = 'Ada') {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${baseUrl}/verify-email`);
  await page.getByLabel('Verification code').fill(await mailedCode(t, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(`${baseUrl}/account`);
}

export async function logIn(page: Page, baseUrl: string, email: string, password = PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Waits for the page to arrive at `url` after a submit; if it does not, fails with what the page says
 * instead (a field's error, an alert), which a bare timeout would not tell. `timeout`: for steps the
 * server spends long on by design, such as checking a recovery code against each stored argon2 hash.
 */
export async function arriveAt(page: Page, url: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL(url, { timeout });
  } catch (error) {
    const said = await page
      .locator('.field-error, [role="alert"], [role="status"]')
      .allTextContents()
      .catch(() => []);
    throw new Error(
      `expected ${url} after the submit, still at ${page.url()}; the page says: ${said.join(' | ') || '(nothing)'}`,
      { cause: error },
    );
  }
}

/** Collects console errors and failed requests, so a test can assert the page ran cleanly. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
