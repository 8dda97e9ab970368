import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSuite, sidewaysOverflow } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';

/*
 * Issue #37 item 3: an admin that prevents mistakes — sale prices a merchant can see and set, variant SKUs
 * and stock that do not mislead, product errors all at once in words, pickers instead of raw ids,
 * collections hidden until published, and store settings set in the admin. (Shipping refunded units and
 * duplicate shipments: admin-orders-refunds.spec.ts.)
 */
describe.runIf(browserAvailable())('merchant admin: an admin that prevents mistakes', () => {
  const suite = adminSuite();
  const { signedIn } = suite;
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const a11y = async (page: Page, step: string) =>
    expect({ step, violations: await seriousA11yViolations(page) }).toEqual({ step, violations: [] });

  it('shows and sets a sale (compare-at) price for a product and its variants; the shop shows the same', async () => {
    const product = await suite.admin.products.create({
      name: 'Wool Scarf',
      priceData: { price: 40 },
      manageVariants: true,
      productOptions: [{ name: 'Colour', choices: [{ value: 'Grey' }, { value: 'Navy' }] }],
    });
    const navy = (product.variants ?? []).find((variant) => variant.choices.Colour === 'Navy');
    if (!navy) throw new Error('no Navy variant');
    await suite.admin.products.updateVariants(product.id, [{ variantIds: [navy.id], price: 50 }]);
    for (const options of [{}, PHONE]) {
      const page = await signedIn(options);
      await page.goto(`${suite.server.baseUrl}/admin/products/${product.id}`);
      expect(await page.getByLabel('Sale', { exact: true }).inputValue()).toBe('NONE');
      await a11y(page, 'product, not on sale');
      await page.context().close();
    }

    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/products/${product.id}`);
    await page.getByLabel('Sale', { exact: true }).selectOption('PERCENT');
    await page.getByLabel('Discount', { exact: true }).fill('25');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Product saved.');
    // Saved, and shown again: the sale price with the price struck through, per variant too.
    await page.reload();
    expect(await page.getByLabel('Sale', { exact: true }).inputValue()).toBe('PERCENT');
    expect(await page.getByLabel('Discount', { exact: true }).inputValue()).toBe('25');
    expect(await page.locator('#sale-price').textContent()).toBe(
      'Sale price: $30.00, shown with $40.00 struck through.',
    );
    const variants = page.getByRole('region', { name: 'Variants' });
    expect(await variants.getByRole('row', { name: /^Grey/ }).textContent()).toContain('$30.00 was $40.00');
    expect(await variants.getByRole('row', { name: /^Navy/ }).textContent()).toContain('$37.50 was $50.00');
    await a11y(page, 'product on sale');

    // The shop shows the same figures.
    await page.goto(`${suite.server.baseUrl}/products/${product.slug}`);
    expect(await page.locator('.price').first().textContent()).toMatch(/\$30\.00\s*was \$40\.00/);

    // An amount off, then no sale: the price stays the price.
    await page.goto(`${suite.server.baseUrl}/admin/products/${product.id}`);
    await page.getByLabel('Sale', { exact: true }).selectOption('AMOUNT');
    await page.getByLabel('Discount', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Product saved.');
    expect((await suite.admin.products.get(product.id)).priceData.discountedPrice).toBe(35);
    await page.getByLabel('Sale', { exact: true }).selectOption('NONE');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => page.locator('#sale-price').count()).toBe(0);
    const saved = await suite.admin.products.get(product.id);
    expect([saved.priceData.price, saved.priceData.discountedPrice, saved.discount.type]).toEqual([
      40,
      40,
      'NONE',
    ]);
    // The product list shows a sale price with the price struck through.
    await suite.admin.products.update(product.id, { discount: { type: 'AMOUNT', value: 10 } });
    await page.goto(`${suite.server.baseUrl}/admin/products?q=Wool`);
    expect(await page.getByRole('row', { name: /Wool Scarf/ }).textContent()).toContain('$30.00was $40.00');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
