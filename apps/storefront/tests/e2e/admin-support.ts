import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AdminClient, createAdminClient } from '../../../../packages/sdk/src/index.js';
import {
  type AdminTestServer,
  createStaff,
  startAdminTestServer,
} from '../../../../packages/sdk/test/support/admin-store.js';
import { launchBrowser } from './browser.js';

/** Signs in through the admin's login form and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
}

/**
 * Rows of the page's admin tables whose cells do not share one row line: a cell whose display is not
 * `table-cell` (a flex cell leaves table layout, its border half a row off), or whose bottom edge is not
 * the row's. One line per problem; empty when every table is level.
 */
export function rowLinesLevel(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.admin-table tr')].flatMap((row, index) => {
      const rowBottom = row.getBoundingClientRect().bottom;
      return [...row.children].flatMap((cell, column) => {
        const display = getComputedStyle(cell).display;
        // A column hidden on a phone (DataTable's hideOnPhone) draws no cell, so it has no line to keep.
        if (display === 'none') return [];
        const bottom = cell.getBoundingClientRect().bottom;
        return display !== 'table-cell' || Math.abs(bottom - rowBottom) > 0.5
          ? [`row ${index} cell ${column}: display ${display}, bottom ${bottom} vs row ${rowBottom}`]
          : [];
      });
    }),
  );
}

/** How far the page scrolls sideways (0 when nothing is wider than the window). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

export interface AdminSuite {
  server: AdminTestServer;
  browser: Browser;
  staff: { email: string; password: string };
  /** The SDK's admin client, signed in as the same staff member (for set-up and checks). */
  admin: AdminClient;
  /** A new browser context (its own cookies), signed in to the admin. */
  signedIn(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * A browser suite's set-up: a store with the storefront, one staff member, Chromium, and an SDK client.
 * Call at the top of a `describe`; the fields are there once `beforeAll` has run.
 */
export function adminSuite(
  options: { env?: Record<string, string>; email?: string; role?: 'owner' | 'staff' } = {},
): AdminSuite {
  const suite = {} as AdminSuite;
  beforeAll(async () => {
    suite.server = await startAdminTestServer({
      storefront: true,
      ...(options.env ? { env: options.env } : {}),
    });
    suite.staff = await createStaff(suite.server.t, options.email ?? 'owner@harbor.example', options.role);
    suite.browser = await launchBrowser();
    const { accessToken } = await createAdminClient({ baseUrl: suite.server.baseUrl }).auth.login(
      suite.staff.email,
      suite.staff.password,
    );
    suite.admin = createAdminClient({ baseUrl: suite.server.baseUrl, staffToken: accessToken });
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  suite.signedIn = async (contextOptions = {}) => {
    const context = await suite.browser.newContext(contextOptions);
    const page = await context.newPage();
    await signIn(page, suite.server.baseUrl, suite.staff.email, suite.staff.password);
    return page;
  };
  return suite;
}
