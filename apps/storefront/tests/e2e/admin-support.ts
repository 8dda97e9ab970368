import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signs in through the admin's login form and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
}
