import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../packages/server/src/testing/index.js';
import { browserAvailable, launchBrowser } from './browser.js';

describe.runIf(browserAvailable())('storefront shell in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ storefront: true, env: { STORE_NAME: 'Harbor & Pine' } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('server-renders the home page, loads its assets and hydrates without errors', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));

    const response = await page.goto(baseUrl, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Harbor & Pine');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Harbor & Pine');
    // Hydrated: React Router's client has taken over the document.
    await expect
      .poll(() =>
        page.evaluate(() => typeof (window as { __reactRouterContext?: unknown }).__reactRouterContext),
      )
      .toBe('object');
    // The stylesheet from the build was served and applied.
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(251, 250, 247)');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps a skip link for keyboard users and a labelled home link', async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe('Skip to content');
    await expect.poll(() => page.getByRole('link', { name: 'Harbor & Pine home' }).count()).toBe(1);
    await page.close();
  });

  it('shows a friendly 404 page for unknown shop paths, and a JSON 404 for unknown API paths', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    const api = await page.goto(`${baseUrl}/stores/v1/no-such-call`);
    expect(api?.status()).toBe(404);
    expect((await api!.json()).details.applicationError.code).toBe('NOT_FOUND');
    await page.close();
  });
});
