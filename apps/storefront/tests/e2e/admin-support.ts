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
