import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';
import { DEVICES, shopAndBrowser } from './shop-fixture.js';

// Issue #37: the chosen variant was not in the URL, so a reload or a shared link lost it. The options
// chosen are now the page's query (`?Size=XL&Color=White`, or `?variant=<id>`), and the server renders
// the page with them chosen.

describe.runIf(browserAvailable())('shop: the chosen variant is in the URL', () => {
  const suite = shopAndBrowser();
  const product = () => `${suite.shop.baseUrl}/products/linen-tee`;

  for (const device of DEVICES) {
    it(`choosing options puts them in the URL; a reload keeps them (${device.name})`, {
      timeout: 60_000,
    }, async () => {
      const context = await suite.browser.newContext(device.options);
      const page = await context.newPage();
      await page.goto(product(), { waitUntil: 'networkidle' });
      await page.getByText('XL', { exact: true }).click();
      await page.getByRole('radio', { name: /White/ }).check({ force: true });
      await expect
        .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
        .toEqual({ Size: 'XL', Color: 'White' });
      expect(await page.locator('.product-info .price').first().textContent()).toContain('42');
      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.getByRole('radio', { name: 'XL' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: /White/ }).isChecked()).toBe(true);
      expect(await page.locator('.product-info .price').first().textContent()).toContain('42');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('the server renders the variant a shared link names: options, or ?variant=<id> (no JavaScript)', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${product()}?Size=XL&Color=Navy`);
    expect(await page.getByRole('radio', { name: 'XL' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Navy/ }).isChecked()).toBe(true);
    expect(await page.locator('.product-info .price').first().textContent()).toContain('42');
    expect(await page.locator('legend').allTextContents()).toEqual(['Size: XL', 'Color: Navy']);

    // The L / White variant (one left), by id.
    const reply = await suite.shop.t.app.inject({
      url: '/stores/v1/products/query',
      method: 'POST',
      payload: {},
    });
    const tee = reply.json().products.find((p: { slug: string }) => p.slug === 'linen-tee') as {
      variants: { id: string; choices: Record<string, string> }[];
    };
    const variant = tee.variants.find((v) => v.choices.Size === 'L' && v.choices.Color === 'White');
    await page.goto(`${product()}?variant=${variant?.id}`);
    expect(await page.getByRole('radio', { name: 'L', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /White/ }).isChecked()).toBe(true);
    expect(await page.locator('.stock').textContent()).toBe('Only 1 left');

    // A choice the product does not have is ignored, not an error.
    const odd = await page.goto(`${product()}?Size=XXL`);
    expect(odd?.status()).toBe(200);
    expect(await page.locator('input[type=radio]:checked').count()).toBe(0);
    await context.close();
  });
});
