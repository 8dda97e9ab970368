import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { mailboxCode, uniqueEmail } from '../packages/server/src/testing/identity.js';
import { pollUntil } from '../packages/server/src/testing/poll.js';
import type { HeadlessShop, Store } from './fixture.js';

// What the headless-shop suites (headless-shop*.spec.ts) share beside fixture.ts: the members' password,
// the navigations a page made, and signing up through the app.

export const PASSWORD = 'correct-horse-42';

/** Every URL the page's main frame navigated to, in order (redirect hops included). */
export function navigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

/**
 * Signs up through the app's login (our hosted login and sign-up pages, the e-mailed code when the store
 * asks for one); back on the app, signed in. Returns the new member's e-mail.
 */
export async function signUpThroughApp(
  { store, shop }: { store: Store; shop: HeadlessShop },
  page: Page,
  prefix = 'headless',
): Promise<string> {
  const email = uniqueEmail(prefix);
  await page.goto(`${shop.origin}/`);
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.origin === store.base && url.pathname === '/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL((url) => url.origin === store.base && url.pathname === '/signup');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/verify-email' || url.origin === shop.origin);
  if (new URL(page.url()).pathname === '/verify-email') {
    const code = await pollUntil(
      () => mailboxCode(store.t, email).catch(() => ''),
      (value) => value !== '',
    );
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  await page.waitForURL(`${shop.origin}/`);
  await expect.poll(() => page.getByText('Signed in').count()).toBe(1);
  return email;
}
