import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';
import { DEVICES, shopAndBrowser } from './shop-fixture.js';

// Issue #37: filters took one brand at a time (choosing one hid the others), showed no active-filter chips,
// and the phone drawer had no "Show N results" and ignored Esc. Brands are now chosen together (OR within
// a facet, AND across facets), each active filter is a removable chip, with a clear-all; without
// JavaScript the same is a plain GET form and links.

const PHONE = DEVICES[1].options;

describe.runIf(browserAvailable())('shop: multi-select filters with chips', () => {
  const suite = shopAndBrowser();
  const brandsInUrl = (url: string) => new URL(url).searchParams.getAll('brand');

  it('several brands at once, and a chip for each filter that removes it; clear-all removes them all (desktop)', {
    timeout: 90_000,
  }, async () => {
    const page = await suite.browser.newPage(DEVICES[0].options);
    await page.goto(`${suite.shop.baseUrl}/collections/apparel`, { waitUntil: 'networkidle' });
    const all = Number(/\d+/.exec((await page.locator('.results-count').textContent()) ?? '')?.[0]);
    await page.getByRole('checkbox', { name: /Flaxhaus/ }).check();
    await expect.poll(() => brandsInUrl(page.url())).toEqual(['Flaxhaus']);
    // The other brands are still offered, with their own counts.
    const northern = page.getByRole('checkbox', { name: /Northern Mills/ });
    expect(await northern.count()).toBe(1);
    await northern.check();
    await expect.poll(() => brandsInUrl(page.url())).toEqual(['Flaxhaus', 'Northern Mills']);
    // OR within brands: both brands' products.
    await expect
      .poll(async () => (await page.locator('.product-card').allTextContents()).join(' '))
      .toContain('Merino Crew Sweater');
    expect((await page.locator('.product-card').allTextContents()).join(' ')).toContain('Linen Tee');
    await page.getByRole('checkbox', { name: 'In stock only' }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('stock')).toBe('in');

    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect
      .poll(() => chips.getByRole('link').allTextContents())
      .toEqual(['Brand: Flaxhaus', 'Brand: Northern Mills', 'In stock only']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Remove filter Brand: Flaxhaus' }).click();
    await expect.poll(() => brandsInUrl(page.url())).toEqual(['Northern Mills']);
    await expect.poll(() => page.getByRole('checkbox', { name: /Flaxhaus/ }).isChecked()).toBe(false);
    expect(new URL(page.url()).searchParams.get('stock')).toBe('in');
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect.poll(() => page.url()).toBe(`${suite.shop.baseUrl}/collections/apparel`);
    await expect
      .poll(async () => Number(/\d+/.exec((await page.locator('.results-count').textContent()) ?? '')?.[0]))
      .toBe(all);
    expect(await page.getByRole('list', { name: 'Active filters' }).count()).toBe(0);
    await page.close();
  });

  it('the phone drawer shows the live count on "Show N results", which closes it; Esc closes it too', {
    timeout: 90_000,
  }, async () => {
    const context = await suite.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${suite.shop.baseUrl}/collections/apparel`, { waitUntil: 'networkidle' });
    const toggle = page.locator('.filters-toggle');
    await toggle.click();
    await expect.poll(() => page.locator('form.filters').isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: /Northern Mills/ }).check();
    await expect.poll(() => brandsInUrl(page.url())).toEqual(['Northern Mills']);
    const count = Number(/\d+/.exec((await page.locator('.results-count').textContent()) ?? '')?.[0]);
    const show = page.getByRole('button', { name: /^Show \d+ results?$/ });
    await expect.poll(() => show.textContent()).toBe(`Show ${count} ${count === 1 ? 'result' : 'results'}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await show.click();
    await expect.poll(() => page.locator('form.filters').isVisible()).toBe(false);
    // The chips stay in sight outside the drawer.
    expect(await page.getByRole('link', { name: 'Remove filter Brand: Northern Mills' }).isVisible()).toBe(
      true,
    );

    await toggle.click();
    await expect.poll(() => page.locator('form.filters').isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: /Flaxhaus/ }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('form.filters').isVisible()).toBe(false);
    // Focus goes back to the button that opened the drawer.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('filters-toggle'))).toBe(
      true,
    );
    await context.close();
  });

  it('without JavaScript: several brands through the form, chips and clear-all are links (phone)', {
    timeout: 90_000,
  }, async () => {
    const context = await suite.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.shop.baseUrl}/collections/apparel`);
    await page.locator('.filters-toggle').click();
    await page.getByRole('checkbox', { name: /Flaxhaus/ }).check();
    await page.getByRole('checkbox', { name: /Northern Mills/ }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => brandsInUrl(page.url())).toEqual(['Flaxhaus', 'Northern Mills']);
    // The page came back with both boxes ticked (the drawer is closed again).
    expect(await page.locator('input[name="brand"][value="Northern Mills"]').isChecked()).toBe(true);
    await page.getByRole('link', { name: 'Remove filter Brand: Northern Mills' }).click();
    await expect.poll(() => brandsInUrl(page.url())).toEqual(['Flaxhaus']);
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect.poll(() => page.url()).toBe(`${suite.shop.baseUrl}/collections/apparel`);
    await context.close();
  });
});
