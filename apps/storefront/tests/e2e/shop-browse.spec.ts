import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestProduct } from '../../../../packages/server/src/testing/ecom.js';
import { signUp, uniqueEmail } from './account-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';
import { DEVICES, shopAndBrowser } from './shop-fixture.js';

// Browsing as a shopper (issue #23): filters that are history entries, honest empty results, product
// pages with breadcrumbs, related products and the description's paragraphs, option errors that go
// once answered; on a phone, products before anything else, filters in a drawer and account tabs in sight.

const PHONE = DEVICES[1].options;
const top = (page: Page, selector: string) =>
  page.evaluate((css) => document.querySelector(css)?.getBoundingClientRect().top ?? Number.NaN, selector);

describe.runIf(browserAvailable())('shop: browsing on desktop and phone', () => {
  const suite = shopAndBrowser();

  for (const device of DEVICES) {
    it(`each filter change is a history entry; Back restores the previous filters (${device.name})`, {
      timeout: 90_000,
    }, async () => {
      const context = await suite.browser.newContext(device.options);
      const page = await context.newPage();
      await page.goto(suite.shop.baseUrl, { waitUntil: 'networkidle' });
      await page.goto(`${suite.shop.baseUrl}/collections/apparel`, { waitUntil: 'networkidle' });
      if (device.name === 'phone') {
        // Products first: the filters wait behind a button.
        expect(await page.locator('form.filters').isVisible()).toBe(false);
        expect(await top(page, '.product-card')).toBeLessThan(844);
        await page.getByText('Filters', { exact: true }).click();
        await expect.poll(() => page.locator('form.filters').isVisible()).toBe(true);
        expect(await seriousA11yViolations(page)).toEqual([]);
      }
      await page.getByRole('checkbox', { name: /Flaxhaus/ }).check();
      await expect.poll(() => new URL(page.url()).searchParams.getAll('brand')).toEqual(['Flaxhaus']);
      await page.getByRole('checkbox', { name: 'In stock only' }).check();
      await expect.poll(() => new URL(page.url()).searchParams.get('stock')).toBe('in');

      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get('stock')).toBe(null);
      expect(new URL(page.url()).searchParams.getAll('brand')).toEqual(['Flaxhaus']);
      await expect.poll(() => page.getByRole('checkbox', { name: 'In stock only' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: /Flaxhaus/ }).isChecked()).toBe(true);
      await page.goBack();
      await expect.poll(() => page.url()).toBe(`${suite.shop.baseUrl}/collections/apparel`);
      await expect.poll(() => page.getByRole('checkbox', { name: /Flaxhaus/ }).isChecked()).toBe(false);
      await page.goBack();
      await expect.poll(() => page.url()).toBe(`${suite.shop.baseUrl}/`);
      await context.close();
    });
  }

  it('a search without results offers all products, not "Clear filters" when nothing is filtered', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.shop.baseUrl}/search?q=zzqxv`, { waitUntil: 'networkidle' });
    expect(await page.getByText('No products match “zzqxv”.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Clear filters' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'See all products' }).count()).toBe(1);
    await page.goto(`${suite.shop.baseUrl}/search?q=mug&stock=in&price=9000-`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('link', { name: 'Clear filters' }).count()).toBe(1);
    await page.close();
  });

  for (const device of DEVICES) {
    it(`product page: breadcrumbs, related products, paragraphs, option errors that go once answered (${device.name})`, {
      timeout: 60_000,
    }, async () => {
      const page = await (await suite.browser.newContext(device.options)).newPage();
      await page.goto(`${suite.shop.baseUrl}/products/linen-tee`, { waitUntil: 'networkidle' });
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Home', 'Apparel']);
      expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('Linen Tee');
      const related = page.getByRole('region', { name: 'More from Apparel' });
      const names = await related.locator('.product-card-name').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(names).not.toContain('Linen Tee');
      // The description's two paragraphs stay two.
      expect(await page.locator('.product-description p').count()).toBe(2);

      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => page.getByText('Choose a size.').count()).toBe(1);
      expect(await page.getByText('Choose a color.').count()).toBe(1);
      await page.getByText('M', { exact: true }).click();
      await expect.poll(() => page.getByText('Choose a size.').count()).toBe(0);
      expect(await page.getByText('Choose a color.').count()).toBe(1);
      await page.getByRole('radio', { name: /Navy/ }).check({ force: true });
      await expect.poll(() => page.getByText('Choose a color.').count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('keeps a merchant’s paragraphs and line breaks', async () => {
    const jar = await createTestProduct(suite.shop.t.database.db, {
      name: 'Paragraph Jar',
      priceMinor: 900,
      description: 'First paragraph.\n\nSecond paragraph,\nwith a line break.',
    });
    const page = await suite.browser.newPage();
    await page.goto(`${suite.shop.baseUrl}/products/${jar.slug}`, { waitUntil: 'networkidle' });
    expect(await page.locator('.product-description p').allInnerTexts()).toEqual([
      'First paragraph.',
      'Second paragraph,\nwith a line break.',
    ]);
    await page.close();
  });

  it('phone home page: products come before the collections, within the first screen', async () => {
    const page = await (await suite.browser.newContext(PHONE)).newPage();
    await page.goto(suite.shop.baseUrl, { waitUntil: 'networkidle' });
    const firstProduct = await top(page, '.product-card');
    expect(firstProduct).toBeLessThan(844);
    expect(firstProduct).toBeLessThan(await top(page, '.collection-card'));
    // Collection tiles sit two to a row.
    const tops = await page
      .locator('.collection-card')
      .evaluateAll((cards) => cards.slice(0, 2).map((c) => c.getBoundingClientRect().top));
    expect(tops[0]).toBe(tops[1]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('phone account: every section tab is on screen, nothing scrolls sideways', {
    timeout: 60_000,
  }, async () => {
    const page = await (await suite.browser.newContext(PHONE)).newPage();
    await signUp(page, suite.shop.t, suite.shop.baseUrl, uniqueEmail('tabs'));
    const nav = page.getByRole('navigation', { name: 'Account sections' });
    const boxes = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getBoundingClientRect()).map((b) => [b.left, b.right]));
    expect(boxes.length).toBe(6);
    for (const [left, right] of boxes) {
      expect(left).toBeGreaterThanOrEqual(0);
      expect(right).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
