import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';
import { DEVICES, shopAndBrowser } from './shop-fixture.js';

// Shared pages served from the page cache (ADR 037) in Chromium: the HTML is the same for everyone, the
// header's cart count is each shopper's own once the page runs, the inline scripts run under a CSP that
// allows them by hash (a blocked script would leave the page unhydrated and the count at 0), and a page
// works without JavaScript.

const SLUG = 'brass-ballpoint-pen';

/** Loads a page and answers how the server produced it (x-page-cache: hit, miss). */
async function open(page: Page, url: string): Promise<string | null> {
  const response = (await page.goto(url, { waitUntil: 'networkidle' })) as Response;
  expect(response.status()).toBe(200);
  return response.headers()['x-page-cache'] ?? null;
}

describe.runIf(browserAvailable())('shop: pages from the page cache', () => {
  const suite = shopAndBrowser();

  for (const device of DEVICES) {
    it(`a cached product page shows each shopper's own cart count after adding (${device.name})`, {
      timeout: 90_000,
    }, async () => {
      const url = `${suite.shop.baseUrl}/products/${SLUG}?device=${device.name}`;
      const first = await suite.browser.newContext(device.options);
      const shopper = await first.newPage();
      const refusedScripts: string[] = [];
      shopper.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refusedScripts.push(message.text());
      });
      await open(shopper, url);
      // Wait for the add itself: the count shows at once, and leaving the page then would cancel it.
      const added = shopper.waitForResponse((response) => response.request().method() === 'POST');
      await shopper.getByRole('button', { name: 'Add to cart' }).click();
      expect((await added).status()).toBe(200);
      await expect.poll(() => shopper.getByRole('link', { name: 'Cart, 1 item' }).count()).toBe(1);

      // The same URL again: the kept page, the same for everyone, and this shopper's count once it runs.
      expect(await open(shopper, url)).toBe('hit');
      await expect.poll(() => shopper.getByRole('link', { name: 'Cart, 1 item' }).count()).toBe(1);
      expect(await shopper.locator('.cart-count').textContent()).toBe('1');
      expect(refusedScripts).toEqual([]);
      expect(await seriousA11yViolations(shopper)).toEqual([]);

      // Another shopper gets the very same page and never the first shopper's cart.
      const second = await suite.browser.newContext(device.options);
      const stranger = await second.newPage();
      expect(await open(stranger, url)).toBe('hit');
      await stranger.waitForLoadState('networkidle');
      expect(await stranger.getByRole('link', { name: 'Cart, 0 items' }).count()).toBe(1);
      expect(await stranger.locator('.cart-count').count()).toBe(0);
      await second.close();
      await first.close();
    });
  }

  it('without JavaScript a cached page still sells: add to cart, then the cart page', {
    timeout: 90_000,
  }, async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const url = `${suite.shop.baseUrl}/products/${SLUG}?nojs`;
    await open(page, url);
    expect(await open(page, url)).toBe('hit');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForLoadState('load');
    await page.goto(`${suite.shop.baseUrl}/cart`);
    expect(await page.getByText('Brass Ballpoint Pen').count()).toBeGreaterThan(0);
    await context.close();
  });
});
