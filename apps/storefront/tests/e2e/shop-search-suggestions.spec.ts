import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';
import { DEVICES, shopAndBrowser } from './shop-fixture.js';

// Issue #37: no search suggestions while typing. The header's search is now a combobox (ARIA's pattern):
// products and collections as one types, read once the typing pauses from a small cacheable route;
// arrows, Enter and Esc work; without JavaScript it is the plain search form it was.

describe.runIf(browserAvailable())('shop: search suggestions as one types', () => {
  const suite = shopAndBrowser();

  for (const device of DEVICES) {
    it(`suggests products and collections; arrows and Enter open one, Esc closes (${device.name})`, {
      timeout: 60_000,
    }, async () => {
      const context = await suite.browser.newContext(device.options);
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/search-suggestions')) asked.push(request.url());
      });
      await page.goto(`${suite.shop.baseUrl}/`, { waitUntil: 'networkidle' });
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.pressSequentially('line', { delay: 20 });
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect.poll(() => list.getByRole('option').allTextContents()).toContain('Linen Tee');
      // Read once the typing paused, not once per letter.
      expect(asked.length).toBeLessThanOrEqual(2);
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await box.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      expect(active).toBeTruthy();
      expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
      await box.press('Escape');
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
      expect(await list.isVisible()).toBe(false);

      await box.press('ArrowDown');
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      const first = (await list.getByRole('option').first().textContent()) ?? '';
      await box.press('Enter');
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(first);
      await context.close();
    });
  }

  it('a collection is suggested by its name, and Enter without a choice searches', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.shop.baseUrl}/`, { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.pressSequentially('appar', { delay: 20 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect.poll(() => list.getByRole('option').allTextContents()).toContain('Apparel');
    await box.press('Enter');
    await page.waitForURL(`${suite.shop.baseUrl}/search?q=appar`);
    await page.close();
  });

  it('the suggestions route is bounded and cacheable', async () => {
    const base = suite.shop.baseUrl;
    const reply = await fetch(`${base}/search-suggestions?q=${encodeURIComponent('a')}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(reply.headers.get('set-cookie')).toBeNull();
    const body = (await reply.json()) as { products: unknown[]; collections: unknown[] };
    expect(body.products.length).toBeLessThanOrEqual(6);
    expect(body.collections.length).toBeLessThanOrEqual(4);
    // Too short or too long a query reads nothing.
    expect(await (await fetch(`${base}/search-suggestions?q=`)).json()).toEqual({
      q: '',
      products: [],
      collections: [],
    });
    const long = (await (await fetch(`${base}/search-suggestions?q=${'x'.repeat(500)}`)).json()) as {
      q: string;
    };
    expect(long.q.length).toBeLessThanOrEqual(100);
  });

  it('without JavaScript the header search is the plain form', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.shop.baseUrl}/`);
    await page.getByLabel('Search products').fill('linen');
    await page.getByLabel('Search products').press('Enter');
    await page.waitForURL(`${suite.shop.baseUrl}/search?q=linen`);
    expect(await page.locator('.product-card').allTextContents()).toContainEqual(
      expect.stringContaining('Linen Tee'),
    );
    await context.close();
  });
});
